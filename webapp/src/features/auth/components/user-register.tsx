/**
 * Member registration screen (/user/reg, route userReg). Account and password, then — as the server
 * configures (GET /srv/api/user/checkIn registerType) — an e-mail address or mobile number with the
 * code sent to it, and always the image captcha. Sending a code uses up the captcha too (the server
 * checks it), so the picture is renewed after each send. Posts tab=register.
 */
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../../components/auth-frame';
import { CAPTCHA_FIELD, CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { Button, Checkbox, Input } from '../../../components/form-controls';
import { AppForm, FormError, useServerSetting, useSubmit } from '../../../components/form-kit';
import { CodeField } from '../../../components/send-code-button';
import { memberSession, type MemberInfo } from '../../../lib/auth-tokens';
import { ROUTE_PATHS } from '../../../lib/routes';
import { requiredRule, ruleFor } from '../../../lib/validators';
import { afterLoginPath, getCheckInConfig, memberCheckIn, sendEmailCode, sendSmsCode, toSession } from '../api/auth-api';
import { AccountFields } from './account-fields';

type Values = { username: string; password: string; mobile?: string; email?: string; captcha?: string; keep: boolean };

export function UserRegister() {
  const { t } = useTranslation(['user/reg', 'general']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const registerType = useServerSetting(getCheckInConfig, null)?.registerType ?? 'email';
  const captcha = useCaptcha(form);
  const { submitting, error, run } = useSubmit();

  const sendCode = () =>
    registerType === 'none'
      ? Promise.resolve(false)
      : captcha.sendWith([registerType, CAPTCHA_FIELD], (extras) => {
          const target = String(form.getFieldValue(registerType)).trim();
          return registerType === 'email' ? sendEmailCode(target, extras) : sendSmsCode(target, extras);
        });

  const onFinish = (v: Values) =>
    run(async () => {
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
    }, captcha.refresh);

  return (
    <AuthFrame title={t('user/reg:heading')} titleId="user-reg-title">
      <AppForm
        form={form}
        name="user-register"
        aria-labelledby="user-reg-title"
        initialValues={{ username: '', password: '', keep: false }}
        onFinish={onFinish}
      >
        <AccountFields
          account={{ label: t('user/reg:account'), extra: t('user/reg:accountHint'), check: true }}
          password={{ label: t('user/reg:password'), extra: t('user/reg:passwordHint') }}
          newPassword
        />
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
      </AppForm>
    </AuthFrame>
  );
}

export { UserRegister as Component };
