/**
 * Member registration screen (/user/reg, route userReg). Account and password, then — as the server
 * configures (GET /srv/api/user/checkIn registerType) — an e-mail address or mobile number with the
 * code sent to it, and always the image captcha. Sending a code uses up the captcha too (the server
 * checks it), so the picture is renewed after each send. Posts tab=register.
 */
import { useEffect, useState } from 'react';
import { Form } from 'antd';
import { Button, Checkbox, Input, Password } from '../../../components/form-controls';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../../components/auth-frame';
import { CAPTCHA_FIELD, CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { FormError, useErrorsFollowLanguage } from '../../../components/form-kit';
import { CodeField } from '../../../components/send-code-button';
import { memberSession, type MemberInfo } from '../../../lib/auth-tokens';
import { RequestError } from '../../../lib/request';
import { ROUTE_PATHS } from '../../../lib/routes';
import { requiredRule, ruleFor } from '../../../lib/validators';
import {
  afterLoginPath,
  getCheckInConfig,
  memberCheckIn,
  sendEmailCode,
  sendSmsCode,
  toSession,
  type CheckInConfig,
} from '../api/auth-api';

type Values = { username: string; password: string; mobile?: string; email?: string; captcha?: string; keep: boolean };

export function UserRegister() {
  const { t } = useTranslation(['user/reg', 'general']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const [registerType, setRegisterType] = useState<CheckInConfig['registerType']>('email');
  const [form] = Form.useForm<Values>();
  useErrorsFollowLanguage(form);
  const captcha = useCaptcha(form);

  useEffect(() => {
    let live = true;
    void getCheckInConfig().then((config) => live && setRegisterType(config.registerType));
    return () => {
      live = false;
    };
  }, []);

  const sendCode = async (): Promise<boolean> => {
    if (registerType === 'none') return false;
    try {
      await form.validateFields([registerType, CAPTCHA_FIELD]);
    } catch {
      return false;
    }
    const target = String(form.getFieldValue(registerType)).trim();
    const extras = { captchaId: captcha.id, captchaInfo: captcha.answer() };
    try {
      if (registerType === 'email') await sendEmailCode(target, extras);
      else await sendSmsCode(target, extras);
      return true;
    } catch {
      return false; // the request client shows the message
    } finally {
      captcha.refresh();
    }
  };

  const onFinish = async (v: Values) => {
    setSubmitting(true);
    setError('');
    try {
      const res = await memberCheckIn({
        tab: 'register',
        username: v.username,
        password: v.password,
        keep: Boolean(v.keep),
        ...(registerType === 'email' ? { registerType, email: (v.email ?? '').trim() } : {}),
        ...(registerType === 'mobile' ? { registerType, mobile: (v.mobile ?? '').trim() } : {}),
        captcha: (v.captcha ?? '').trim(),
        captchaId: captcha.id,
        captchaInfo: captcha.answer(),
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
      <Form
        form={form}
        name="user-register"
        data-testid="user-register"
        aria-labelledby="user-reg-title"
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: '', password: '', keep: false }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="username"
          label={t('user/reg:account')}
          extra={t('user/reg:accountHint')}
          rules={[requiredRule(t, t('user/reg:account')), ruleFor('account', t)]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('user/reg:password')}
          extra={t('user/reg:passwordHint')}
          rules={[requiredRule(t, t('user/reg:password')), ruleFor('password', t)]}
        >
          <Password autoComplete="new-password" />
        </Form.Item>
        {registerType === 'email' && (
          <Form.Item name="email" label={t('user/reg:email')} rules={[requiredRule(t, t('user/reg:email')), ruleFor('email', t)]}>
            <Input type="email" inputMode="email" autoComplete="email" />
          </Form.Item>
        )}
        {registerType === 'mobile' && (
          <Form.Item name="mobile" label={t('user/reg:mobile')} rules={[requiredRule(t, t('user/reg:mobile')), ruleFor('mobile', t)]}>
            <Input type="tel" inputMode="numeric" autoComplete="tel" />
          </Form.Item>
        )}
        <CaptchaField
          captcha={captcha}
          label={t('user/reg:captchaImage')}
          refreshLabel={t('user/reg:captchaRefresh')}
          requiredMessage={t('user/reg:captchaRequired')}
        />
        {registerType !== 'none' && (
          <CodeField
            name="captcha"
            label={t('user/reg:code')}
            rules={[requiredRule(t, t('user/reg:code'))]}
            sendLabel={t('user/reg:sendCode')}
            waitingLabel={(s) => t('user/reg:resendIn', { seconds: s })}
            onSend={sendCode}
          />
        )}
        <Form.Item name="keep" valuePropName="checked">
          <Checkbox>{t('user/reg:keep')}</Checkbox>
        </Form.Item>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('user/reg:submit')}
        </Button>
        <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
          {t('user/reg:haveAccount')} <Link to={ROUTE_PATHS.userLogin}>{t('user/reg:toLogin')}</Link>
        </p>
      </Form>
    </AuthFrame>
  );
}

export { UserRegister as Component };
