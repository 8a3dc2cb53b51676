/**
 * Member registration screen (/user/reg, route userReg). Account and password, then — as the server
 * configures (GET /srv/api/user/checkIn) — an e-mail address or mobile number with the code sent to it,
 * the image captcha, and consent to the terms of service and the privacy policy (public pages /terms/ and
 * /privacy/, /en/… in English). Posts tab=register.
 *
 * The captcha is solved once: sending a code uses it up (the server checks it), and when the server says
 * the registration itself needs none (`registerCaptcha` false: the code proves the rest) the field goes away
 * once the code is sent and comes back only for a new code. When it does need one (registerType none, or a
 * server that asks for it), the field stays for the submission. The code field is required only once a code
 * was sent; submitting before that says to send one first.
 */
import { useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CaptchaField, CAPTCHA_FIELD, useCaptcha } from '../../../components/captcha-field';
import { Checkbox, Input } from '../../../components/form-controls';
import { useServerSetting, useSubmit } from '../../../components/form-kit';
import { CodeField } from '../../../components/send-code-button';
import { memberSession, type MemberInfo } from '../../../lib/auth-tokens';
import { ROUTE_PATHS } from '../../../lib/routes';
import { siteHomePath } from '../../../lib/site-links';
import { requiredRule, ruleFor } from '../../../lib/validators';
import { afterLoginPath, getCheckInConfig, memberCheckIn, sendEmailCode, sendSmsCode, toSession } from '../api/auth-api';
import { AccountFields } from './account-fields';
import { AuthForm, EMPTY_LOGIN, KeepField, memberCaptchaTexts, SubmitButton } from './auth-form';

type Values = { username: string; password: string; mobile?: string; email?: string; captcha?: string; agree?: boolean; keep: boolean };

/** The public site's terms or privacy page in the current language. */
export const legalPagePath = (page: 'terms' | 'privacy') => `${siteHomePath()}${page}/`;

export function UserRegister() {
  const { t } = useTranslation(['user/reg', 'general']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const config = useServerSetting(getCheckInConfig, null);
  const registerType = config?.registerType ?? 'email';
  const captchaOnSubmit = registerType === 'none' || (config?.registerCaptcha ?? true);
  const captcha = useCaptcha(form);
  const { submitting, error, setError, run } = useSubmit();
  const [sent, setSent] = useState(false);
  const [captchaShown, setCaptchaShown] = useState(true);

  const sendCode = async () => {
    if (registerType === 'none') return false;
    if (!captchaShown) {
      // A new code needs a new captcha: show it; the member solves it and sends again.
      setCaptchaShown(true);
      return false;
    }
    const ok = await captcha.sendWith([registerType, CAPTCHA_FIELD], (extras) => {
      const target = String(form.getFieldValue(registerType)).trim();
      return registerType === 'email' ? sendEmailCode(target, extras) : sendSmsCode(target, extras);
    });
    if (ok) {
      setSent(true);
      setError('');
      if (!captchaOnSubmit) setCaptchaShown(false);
    }
    return ok;
  };

  const onFinish = (v: Values) => {
    if (registerType !== 'none' && !sent && !(v.captcha ?? '').trim()) {
      setError(t('user/reg:sendCodeFirst'));
      return;
    }
    return run(async () => {
      const res = await memberCheckIn({
        tab: 'register',
        username: v.username,
        password: v.password,
        keep: Boolean(v.keep),
        ...(registerType === 'email' ? { registerType, email: (v.email ?? '').trim() } : {}),
        ...(registerType === 'mobile' ? { registerType, mobile: (v.mobile ?? '').trim() } : {}),
        captcha: (v.captcha ?? '').trim(),
        ...(captchaOnSubmit ? { captchaId: captcha.id, captchaInfo: captcha.answer() } : {}),
      });
      memberSession.set(toSession<MemberInfo>(res.data?.userInfo));
      void navigate(afterLoginPath('user', search.get('to')), { replace: true });
    }, captcha.refresh);
  };

  const link = (page: 'terms' | 'privacy') => (
    // Underlined: inside the consent's sentence a link must not be told apart by its colour alone.
    <a href={legalPagePath(page)} target="_blank" rel="noopener" style={{ textDecoration: 'underline' }}>
      {t(`user/reg:${page}`)}
    </a>
  );
  return (
    <AuthForm
      title={t('user/reg:heading')}
      titleId="user-reg-title"
      form={form}
      name="user-register"
      initialValues={{ ...EMPTY_LOGIN, agree: false }}
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
      {captchaShown && <CaptchaField captcha={captcha} {...memberCaptchaTexts(t, 'user/reg')} />}
      {registerType !== 'none' && (
        <CodeField
          name="captcha"
          label={t('user/reg:code')}
          rules={sent ? [requiredRule(t, t('user/reg:code'))] : []}
          sendLabel={t('user/reg:sendCode')}
          waitingLabel={(s) => t('user/reg:resendIn', { seconds: s })}
          onSend={sendCode}
        />
      )}
      <Form.Item
        name="agree"
        valuePropName="checked"
        data-testid="consent"
        rules={[{ validator: (_rule, value) => (value ? Promise.resolve() : Promise.reject(new Error(t('user/reg:consentRequired')))) }]}
      >
        <Checkbox>
          {t('user/reg:consentBefore')}
          {link('terms')}
          {t('user/reg:consentAnd')}
          {link('privacy')}
        </Checkbox>
      </Form.Item>
      <KeepField label={t('user/reg:keep')} />
      <SubmitButton label={t('user/reg:submit')} error={error} submitting={submitting} />
      <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        {t('user/reg:haveAccount')} <Link to={ROUTE_PATHS.userLogin}>{t('user/reg:toLogin')}</Link>
      </p>
    </AuthForm>
  );
}

export { UserRegister as Component };
