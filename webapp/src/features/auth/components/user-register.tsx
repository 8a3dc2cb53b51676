/**
 * Member registration screen (/user/reg, route userReg). Account and password, then — as the server
 * configures (GET /srv/api/user/checkIn registerType) — an e-mail address or mobile number with the
 * code sent to it, and always the image captcha. Sending a code uses up the captcha too (the server
 * checks it), so the picture is renewed after each send. Posts tab=register.
 */
import { useEffect, useMemo, useState } from 'react';
import { PlainButton as Button } from '../../../components/plain-button';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../../components/auth-frame';
import { CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { FormError, FormField } from '../../../components/form-field';
import { SendCodeButton, useCountdown } from '../../../components/send-code-button';
import { CheckboxInput, PasswordInput, TextInput } from '../../../components/text-input';
import { memberSession, type MemberInfo } from '../../../lib/auth-tokens';
import { RequestError } from '../../../lib/request';
import { ROUTE_PATHS } from '../../../lib/routes';
import { useForm, type Rules } from '../../../lib/use-form';
import { check, requiredCheck } from '../../../lib/validators';
import {
  afterLoginPath,
  getCheckInConfig,
  memberCheckIn,
  sendEmailCode,
  sendSmsCode,
  toSession,
  type CheckInConfig,
} from '../api/auth-api';

type Values = { username: string; password: string; mobile: string; email: string; captcha: string; keep: boolean };

export { RESEND_SECONDS } from '../../../components/send-code-button';

export function UserRegister() {
  const { t } = useTranslation(['user/reg', 'general']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const [registerType, setRegisterType] = useState<CheckInConfig['registerType']>('email');
  const captcha = useCaptcha();
  const [captchaError, setCaptchaError] = useState('');
  const countdown = useCountdown();

  useEffect(() => {
    let live = true;
    void getCheckInConfig().then((config) => live && setRegisterType(config.registerType));
    return () => {
      live = false;
    };
  }, []);

  const rules = useMemo<Rules<Values>>(
    () => ({
      username: [requiredCheck(t, t('user/reg:account')), check('account', t)],
      password: [requiredCheck(t, t('user/reg:password')), check('password', t)],
      ...(registerType === 'email' ? { email: [requiredCheck(t, t('user/reg:email')), check('email', t)] } : {}),
      ...(registerType === 'mobile' ? { mobile: [requiredCheck(t, t('user/reg:mobile')), check('mobile', t)] } : {}),
      ...(registerType !== 'none' ? { captcha: [requiredCheck(t, t('user/reg:code'))] } : {}),
    }),
    [t, registerType],
  );
  const form = useForm<Values>({ username: '', password: '', mobile: '', email: '', captcha: '', keep: false }, rules);
  const { values, errors, setValue, touch } = form;

  const needCaptchaAnswer = (): boolean => {
    if (captcha.answer.trim()) {
      setCaptchaError('');
      return true;
    }
    setCaptchaError(t('user/reg:captchaRequired'));
    return false;
  };

  const sendCode = async (): Promise<boolean> => {
    if (registerType === 'none' || !form.validate([registerType]) || !needCaptchaAnswer()) return false;
    const extras = { captchaId: captcha.id, captchaInfo: captcha.answer.trim() };
    try {
      if (registerType === 'email') await sendEmailCode(values.email.trim(), extras);
      else await sendSmsCode(values.mobile.trim(), extras);
      return true;
    } catch {
      return false; // the request client shows the message
    } finally {
      captcha.refresh();
    }
  };

  const onValid = async (v: Values) => {
    if (!needCaptchaAnswer()) return;
    setSubmitting(true);
    setError('');
    try {
      const res = await memberCheckIn({
        tab: 'register',
        username: v.username,
        password: v.password,
        keep: v.keep,
        ...(registerType === 'email' ? { registerType, email: v.email.trim() } : {}),
        ...(registerType === 'mobile' ? { registerType, mobile: v.mobile.trim() } : {}),
        captcha: v.captcha.trim(),
        captchaId: captcha.id,
        captchaInfo: captcha.answer.trim(),
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

  return (
    <AuthFrame title={t('user/reg:heading')} titleId="user-reg-title">
      <form data-testid="user-register" aria-labelledby="user-reg-title" noValidate onSubmit={form.handleSubmit(onValid)}>
        <FormField id="reg-account" label={t('user/reg:account')} hint={t('user/reg:accountHint')} error={errors.username}>
          <TextInput
            name="username"
            autoComplete="username"
            value={values.username}
            onChange={(e) => setValue('username', e.target.value)}
            onBlur={() => touch('username')}
          />
        </FormField>
        <FormField id="reg-password" label={t('user/reg:password')} hint={t('user/reg:passwordHint')} error={errors.password}>
          <PasswordInput
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => setValue('password', e.target.value)}
            onBlur={() => touch('password')}
          />
        </FormField>
        {registerType === 'email' && (
          <FormField id="reg-email" label={t('user/reg:email')} error={errors.email}>
            <TextInput
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              onChange={(e) => setValue('email', e.target.value)}
              onBlur={() => touch('email')}
            />
          </FormField>
        )}
        {registerType === 'mobile' && (
          <FormField id="reg-mobile" label={t('user/reg:mobile')} error={errors.mobile}>
            <TextInput
              name="mobile"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              value={values.mobile}
              onChange={(e) => setValue('mobile', e.target.value)}
              onBlur={() => touch('mobile')}
            />
          </FormField>
        )}
        <CaptchaField
          captcha={captcha}
          fieldId="reg-captcha-image"
          label={t('user/reg:captchaImage')}
          refreshLabel={t('user/reg:captchaRefresh')}
          error={captchaError}
        />
        {registerType !== 'none' && (
          <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
            <div style={{ flex: 1 }}>
              <FormField id="reg-code" label={t('user/reg:code')} error={errors.captcha}>
                <TextInput
                  name="captcha"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={values.captcha}
                  onChange={(e) => setValue('captcha', e.target.value)}
                  onBlur={() => touch('captcha')}
                />
              </FormField>
            </div>
            <SendCodeButton
              style={{ marginTop: 28 }}
              label={t('user/reg:sendCode')}
              waitingLabel={(s) => t('user/reg:resendIn', { seconds: s })}
              countdown={countdown}
              onSend={sendCode}
            />
          </div>
        )}
        <div style={{ marginBottom: 18 }}>
          <CheckboxInput name="keep" checked={values.keep} onChange={(checked) => setValue('keep', checked)}>
            {t('user/reg:keep')}
          </CheckboxInput>
        </div>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('user/reg:submit')}
        </Button>
        <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
          {t('user/reg:haveAccount')} <Link to={ROUTE_PATHS.userLogin}>{t('user/reg:toLogin')}</Link>
        </p>
      </form>
    </AuthFrame>
  );
}

export { UserRegister as Component };
