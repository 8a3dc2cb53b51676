/**
 * Member registration screen (/user/reg, route userReg). Account, password, then a mobile number
 * or an e-mail address with the code sent to it; posts to /srv/api/user/checkIn (tab=register).
 */
import { useEffect, useMemo, useState } from 'react';
import Button from 'antd/es/button/Button';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../../components/auth-frame';
import { FormError, FormField } from '../../../components/form-field';
import { PasswordInput, TextInput } from '../../../components/text-input';
import { memberSession, type MemberInfo } from '../../../lib/auth-tokens';
import { RequestError } from '../../../lib/request';
import { ROUTE_PATHS } from '../../../lib/routes';
import { useForm, type Rules } from '../../../lib/use-form';
import { check, requiredCheck } from '../../../lib/validators';
import { afterLoginPath, memberCheckIn, sendEmailCode, sendSmsCode, toSession } from '../api/auth-api';

type Values = { username: string; password: string; registerType: string; mobile: string; email: string; captcha: string };

export const RESEND_SECONDS = 60;

export function UserRegister() {
  const { t } = useTranslation(['user/reg', 'general']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const [wait, setWait] = useState(0);
  const [registerType, setRegisterType] = useState<'mobile' | 'email'>('mobile');

  const rules = useMemo<Rules<Values>>(
    () => ({
      username: [requiredCheck(t, t('user/reg:account')), check('account', t)],
      password: [requiredCheck(t, t('user/reg:password')), check('password', t)],
      ...(registerType === 'email'
        ? { email: [requiredCheck(t, t('user/reg:email')), check('email', t)] }
        : { mobile: [requiredCheck(t, t('user/reg:mobile')), check('mobile', t)] }),
      captcha: [requiredCheck(t, t('user/reg:code'))],
    }),
    [t, registerType],
  );
  const form = useForm<Values>({ username: '', password: '', registerType: 'mobile', mobile: '', email: '', captcha: '' }, rules);
  const { values, errors, setValue, touch } = form;

  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    if (!form.validate([registerType])) return;
    try {
      if (registerType === 'email') await sendEmailCode(values.email);
      else await sendSmsCode(values.mobile);
      setWait(RESEND_SECONDS);
    } catch {
      // the request client shows the message
    }
  };

  const onValid = async (v: Values) => {
    setSubmitting(true);
    setError('');
    try {
      const res = await memberCheckIn({
        tab: 'register',
        username: v.username,
        password: v.password,
        registerType,
        ...(registerType === 'email' ? { email: v.email } : { mobile: v.mobile }),
        captcha: v.captcha,
      });
      memberSession.set(toSession<MemberInfo>(res.data?.userInfo));
      void navigate(afterLoginPath('user', search.get('to')), { replace: true });
    } catch (e) {
      if (e instanceof RequestError && e.kind !== 'canceled') setError(e.message);
    } finally {
      setSubmitting(false);
    }
  };

  const typeButton = (type: 'mobile' | 'email', label: string) => (
    <Button type={registerType === type ? 'primary' : 'default'} aria-pressed={registerType === type} onClick={() => setRegisterType(type)}>
      {label}
    </Button>
  );

  return (
    <AuthFrame title={t('user/reg:heading')} titleId="user-reg-title">
      <form data-testid="user-register" aria-labelledby="user-reg-title" noValidate onSubmit={form.handleSubmit(onValid)}>
        <FormField id="reg-account" label={t('user/reg:account')} hint={t('user/reg:accountHint')} error={errors.username}>
          <TextInput name="username" autoComplete="username" value={values.username} onChange={(e) => setValue('username', e.target.value)} onBlur={() => touch('username')} />
        </FormField>
        <FormField id="reg-password" label={t('user/reg:password')} hint={t('user/reg:passwordHint')} error={errors.password}>
          <PasswordInput name="password" autoComplete="new-password" value={values.password} onChange={(e) => setValue('password', e.target.value)} onBlur={() => touch('password')} />
        </FormField>
        <div role="group" aria-label={t('user/reg:registerType')} style={{ display: 'flex', gap: 8, marginBottom: 18, flexWrap: 'wrap' }}>
          {typeButton('mobile', t('user/reg:byMobile'))}
          {typeButton('email', t('user/reg:byEmail'))}
        </div>
        {registerType === 'email' ? (
          <FormField id="reg-email" label={t('user/reg:email')} error={errors.email}>
            <TextInput name="email" type="email" inputMode="email" autoComplete="email" value={values.email} onChange={(e) => setValue('email', e.target.value)} onBlur={() => touch('email')} />
          </FormField>
        ) : (
          <FormField id="reg-mobile" label={t('user/reg:mobile')} error={errors.mobile}>
            <TextInput name="mobile" type="tel" inputMode="numeric" autoComplete="tel" value={values.mobile} onChange={(e) => setValue('mobile', e.target.value)} onBlur={() => touch('mobile')} />
          </FormField>
        )}
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <div style={{ flex: 1 }}>
            <FormField id="reg-code" label={t('user/reg:code')} error={errors.captcha}>
              <TextInput name="captcha" autoComplete="one-time-code" value={values.captcha} onChange={(e) => setValue('captcha', e.target.value)} onBlur={() => touch('captcha')} />
            </FormField>
          </div>
          <Button style={{ marginTop: 22 }} onClick={() => void sendCode()} disabled={wait > 0}>
            {wait > 0 ? t('user/reg:resendIn', { seconds: wait }) : t('user/reg:sendCode')}
          </Button>
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
