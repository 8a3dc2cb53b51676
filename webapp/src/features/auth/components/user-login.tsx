/**
 * Member login screen (/user/login, route userLogin). Posts to /srv/api/user/checkIn (tab=login):
 * account (username, e-mail or mobile), password, remember me, and the image captcha when the
 * server asks for it (GET checkIn). Server refusals (wrong password, lockout with its duration) show
 * in the form's error box. "Forgot password?" opens the password retrieval panel.
 */
import { lazy, Suspense, useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../../components/auth-frame';
import { CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { Button } from '../../../components/form-controls';
import { FormNotice, useServerSetting, useSubmit } from '../../../components/form-kit';
import { memberSession, type MemberInfo } from '../../../lib/auth-tokens';
import { ROUTE_PATHS } from '../../../lib/routes';
import { afterLoginPath, getCheckInConfig, memberCheckIn, toSession } from '../api/auth-api';
import { AccountFields } from './account-fields';
import { AuthForm, EMPTY_LOGIN, KeepField, memberCaptchaTexts, SubmitButton } from './auth-form';

// Opened from "Forgot password?": its own chunk, not part of the first load.
const RetrievePassword = lazy(() => import('./retrieve-password').then((m) => ({ default: m.RetrievePassword })));

type Values = { username: string; password: string; keep: boolean };

export function UserLogin() {
  const { t } = useTranslation(['user/login', 'general']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // Good news from the page that sent the member here (e.g. "password changed, please log in again").
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [retrieving, setRetrieving] = useState(false);
  const [form] = Form.useForm<Values>();
  const needCaptcha = useServerSetting(getCheckInConfig, null)?.loginCaptcha ?? false;
  const captcha = useCaptcha(form);
  const { submitting, error, run } = useSubmit();

  const onFinish = (values: Values) =>
    run(async () => {
      const res = await memberCheckIn({
        tab: 'login',
        username: values.username,
        password: values.password,
        keep: Boolean(values.keep),
        ...(needCaptcha ? { captchaId: captcha.id, captchaInfo: captcha.answer() } : {}),
      });
      memberSession.set(toSession<MemberInfo>(res.data?.userInfo));
      void navigate(afterLoginPath('user', search.get('to')), { replace: true });
    }, captcha.refresh);

  if (retrieving) {
    return (
      <AuthFrame title={t('user/login:retrieveHeading')} titleId="user-retrieve-title">
        <Suspense fallback={null}>
          <RetrievePassword onDone={() => setRetrieving(false)} />
        </Suspense>
      </AuthFrame>
    );
  }

  const to = search.get('to');
  return (
    <AuthForm title={t('user/login:heading')} form={form} name="user-login" initialValues={EMPTY_LOGIN} onFinish={onFinish}>
      {typeof notice === 'string' && !error && <FormNotice message={notice} kind="success" />}
      <AccountFields
        account={{ label: t('user/login:account'), placeholder: t('user/login:accountPlaceholder') }}
        password={{ label: t('user/login:password'), placeholder: t('user/login:passwordPlaceholder') }}
      />
      {needCaptcha && <CaptchaField captcha={captcha} {...memberCaptchaTexts(t, 'user/login')} />}
      <div style={{ marginBottom: 18, display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
        <KeepField label={t('user/login:keep')} noStyle />
        <Button type="link" style={{ padding: 0 }} onClick={() => setRetrieving(true)}>
          {t('user/login:forgot')}
        </Button>
      </div>
      <SubmitButton label={t('user/login:submit')} error={error} submitting={submitting} />
      <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        {t('user/login:noAccount')}{' '}
        <Link to={to ? `${ROUTE_PATHS.userReg}?${new URLSearchParams({ to })}` : ROUTE_PATHS.userReg}>{t('user/login:toRegister')}</Link>
      </p>
    </AuthForm>
  );
}

export { UserLogin as Component };
