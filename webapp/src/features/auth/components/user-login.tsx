/**
 * Member login screen (/user/login, route userLogin). Posts to /srv/api/user/checkIn (tab=login):
 * account (username, e-mail or mobile), password, remember me, and the image captcha when the
 * server asks for it (GET checkIn). Server refusals (wrong password, lockout with its duration) show
 * in the form's error box. "Forgot password?" opens the password retrieval panel.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Form } from 'antd';
import { Button, Checkbox, Input, Password } from '../../../components/form-controls';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../../components/auth-frame';
import { CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { FormError, FormNotice, useErrorsFollowLanguage } from '../../../components/form-kit';
import { memberSession, type MemberInfo } from '../../../lib/auth-tokens';
import { RequestError } from '../../../lib/request';
import { ROUTE_PATHS } from '../../../lib/routes';
import { requiredRule, ruleFor } from '../../../lib/validators';
import { afterLoginPath, getCheckInConfig, memberCheckIn, toSession } from '../api/auth-api';

// Opened from "Forgot password?": its own chunk, not part of the first load.
const RetrievePassword = lazy(() => import('./retrieve-password').then((m) => ({ default: m.RetrievePassword })));

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
  const [form] = Form.useForm<Values>();
  useErrorsFollowLanguage(form);
  const captcha = useCaptcha(form);

  useEffect(() => {
    let live = true;
    void getCheckInConfig().then((config) => live && setNeedCaptcha(config.loginCaptcha));
    return () => {
      live = false;
    };
  }, []);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setError('');
    try {
      const res = await memberCheckIn({
        tab: 'login',
        username: values.username,
        password: values.password,
        keep: Boolean(values.keep),
        ...(needCaptcha ? { captchaId: captcha.id, captchaInfo: captcha.answer() } : {}),
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
        <Suspense fallback={null}>
          <RetrievePassword onDone={() => setRetrieving(false)} />
        </Suspense>
      </AuthFrame>
    );
  }

  const to = search.get('to');
  return (
    <AuthFrame title={t('user/login:heading')} titleId="user-login-title">
      <Form
        form={form}
        name="user-login"
        data-testid="user-login"
        aria-labelledby="user-login-title"
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: '', password: '', keep: false }}
        onFinish={(values) => void onFinish(values)}
      >
        {typeof notice === 'string' && !error && <FormNotice message={notice} kind="success" />}
        <Form.Item name="username" label={t('user/login:account')} rules={[requiredRule(t, t('user/login:account'))]}>
          <Input autoComplete="username" placeholder={t('user/login:accountPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('user/login:password')}
          rules={[requiredRule(t, t('user/login:password')), ruleFor('password', t)]}
        >
          <Password autoComplete="current-password" placeholder={t('user/login:passwordPlaceholder')} />
        </Form.Item>
        {needCaptcha && (
          <CaptchaField
            captcha={captcha}
            label={t('user/login:captcha')}
            refreshLabel={t('user/login:captchaRefresh')}
            requiredMessage={t('user/login:captchaRequired')}
          />
        )}
        <div style={{ marginBottom: 18, display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
          <Form.Item name="keep" valuePropName="checked" noStyle>
            <Checkbox>{t('user/login:keep')}</Checkbox>
          </Form.Item>
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
      </Form>
    </AuthFrame>
  );
}

export { UserLogin as Component };
