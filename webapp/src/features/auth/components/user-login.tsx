/**
 * Member login screen (/user/login, route userLogin). Posts to /srv/api/user/checkIn (tab=login):
 * account (username, e-mail or mobile), password, remember me, and the image captcha when the
 * server asks for it (GET checkIn). Server refusals (wrong password, lockout with its duration) show
 * in the form's error box. "Forgot password?" opens the password retrieval panel.
 */
import { useEffect, useMemo, useState } from 'react';
import { PlainButton as Button } from '../../../components/plain-button';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../../components/auth-frame';
import { CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { FormError, FormField, FormNotice } from '../../../components/form-field';
import { CheckboxInput, PasswordInput, TextInput } from '../../../components/text-input';
import { memberSession, type MemberInfo } from '../../../lib/auth-tokens';
import { RequestError } from '../../../lib/request';
import { ROUTE_PATHS } from '../../../lib/routes';
import { useForm, type Rules } from '../../../lib/use-form';
import { check, requiredCheck } from '../../../lib/validators';
import { afterLoginPath, getCheckInConfig, memberCheckIn, toSession } from '../api/auth-api';
import { RetrievePassword } from './retrieve-password';

type Values = { username: string; password: string; keep: boolean };

export function UserLogin() {
  const { t } = useTranslation(['user/login', 'general']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // Good news from the page that sent the member here (e.g. "password changed, please log in again").
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [retrieving, setRetrieving] = useState(false);
  const captcha = useCaptcha();
  const [captchaError, setCaptchaError] = useState('');

  useEffect(() => {
    let live = true;
    void getCheckInConfig().then((config) => live && setNeedCaptcha(config.loginCaptcha));
    return () => {
      live = false;
    };
  }, []);

  const rules = useMemo<Rules<Values>>(
    () => ({
      username: [requiredCheck(t, t('user/login:account'))],
      password: [requiredCheck(t, t('user/login:password')), check('password', t)],
    }),
    [t],
  );
  const form = useForm<Values>({ username: '', password: '', keep: false }, rules);

  const onValid = async (values: Values) => {
    if (needCaptcha && !captcha.answer.trim()) {
      setCaptchaError(t('user/login:captchaRequired'));
      return;
    }
    setCaptchaError('');
    setSubmitting(true);
    setError('');
    try {
      const res = await memberCheckIn({
        tab: 'login',
        ...values,
        ...(needCaptcha ? { captchaId: captcha.id, captchaInfo: captcha.answer.trim() } : {}),
      });
      memberSession.set(toSession<MemberInfo>(res.data?.userInfo));
      void navigate(afterLoginPath('user', search.get('to')), { replace: true });
    } catch (e) {
      if (e instanceof RequestError && e.kind !== 'canceled') setError(e.message);
      captcha.refresh();
    } finally {
      setSubmitting(false);
    }
  };

  if (retrieving) {
    return (
      <AuthFrame title={t('user/login:retrieveHeading')} titleId="user-retrieve-title">
        <RetrievePassword onDone={() => setRetrieving(false)} />
      </AuthFrame>
    );
  }

  const to = search.get('to');
  const { values, errors, setValue, touch } = form;
  return (
    <AuthFrame title={t('user/login:heading')} titleId="user-login-title">
      <form data-testid="user-login" aria-labelledby="user-login-title" noValidate onSubmit={form.handleSubmit(onValid)}>
        {typeof notice === 'string' && !error && <FormNotice message={notice} kind="success" />}
        <FormField id="user-account" label={t('user/login:account')} error={errors.username}>
          <TextInput
            name="username"
            autoComplete="username"
            placeholder={t('user/login:accountPlaceholder')}
            value={values.username}
            onChange={(e) => setValue('username', e.target.value)}
            onBlur={() => touch('username')}
          />
        </FormField>
        <FormField id="user-password" label={t('user/login:password')} error={errors.password}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            placeholder={t('user/login:passwordPlaceholder')}
            value={values.password}
            onChange={(e) => setValue('password', e.target.value)}
            onBlur={() => touch('password')}
          />
        </FormField>
        {needCaptcha && (
          <CaptchaField
            captcha={captcha}
            fieldId="user-login-captcha"
            label={t('user/login:captcha')}
            refreshLabel={t('user/login:captchaRefresh')}
            error={captchaError}
          />
        )}
        <div style={{ marginBottom: 18, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}>
          <CheckboxInput name="keep" checked={values.keep} onChange={(checked) => setValue('keep', checked)}>
            {t('user/login:keep')}
          </CheckboxInput>
          <Button type="link" style={{ padding: 0 }} onClick={() => setRetrieving(true)}>
            {t('user/login:forgot')}
          </Button>
        </div>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('user/login:submit')}
        </Button>
        <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
          {t('user/login:noAccount')}{' '}
          <Link to={to ? `${ROUTE_PATHS.userReg}?${new URLSearchParams({ to })}` : ROUTE_PATHS.userReg}>{t('user/login:toRegister')}</Link>
        </p>
      </form>
    </AuthFrame>
  );
}

export { UserLogin as Component };
