/**
 * Retrieve a forgotten password from the login screen: e-mail or mobile, the image captcha, the code
 * sent there (event user_retrieve_pwd), a new password → POST /srv/api/account/retrievePassword.
 */
import { useMemo, useState } from 'react';
import { PlainButton as Button } from '../../../components/plain-button';
import { useTranslation } from 'react-i18next';
import { CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { FormError, FormField } from '../../../components/form-field';
import { SendCodeButton, useCountdown } from '../../../components/send-code-button';
import { PasswordInput, TextInput } from '../../../components/text-input';
import { RequestError } from '../../../lib/request';
import { useForm, type Rules } from '../../../lib/use-form';
import { check, requiredCheck } from '../../../lib/validators';
import { retrievePassword, sendEmailCode, sendSmsCode } from '../api/auth-api';

type Values = { account: string; code: string; password: string };

export function RetrievePassword({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['user/login', 'general']);
  const [type, setType] = useState<'email' | 'mobile'>('email');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha();
  const countdown = useCountdown();
  const rules = useMemo<Rules<Values>>(
    () => ({
      account: [requiredCheck(t, t(type === 'email' ? 'user/login:email' : 'user/login:mobile')), check(type, t)],
      code: [requiredCheck(t, t('user/login:code'))],
      password: [requiredCheck(t, t('user/login:newPassword')), check('password', t)],
    }),
    [t, type],
  );
  const form = useForm<Values>({ account: '', code: '', password: '' }, rules);
  const { values, errors, setValue, touch } = form;

  const send = async (): Promise<boolean> => {
    if (!form.validate(['account'])) return false;
    const extras = { captchaId: captcha.id, captchaInfo: captcha.answer.trim() };
    try {
      if (type === 'email') await sendEmailCode(values.account.trim(), extras, 'user_retrieve_pwd');
      else await sendSmsCode(values.account.trim(), extras, 'user_retrieve_pwd');
      return true;
    } catch {
      return false;
    } finally {
      captcha.refresh();
    }
  };

  const onValid = async (v: Values) => {
    setSubmitting(true);
    setError('');
    try {
      await retrievePassword({ type, account: v.account.trim(), captcha: v.code.trim(), password: v.password });
      onDone();
    } catch (e) {
      if (e instanceof RequestError && e.kind !== 'canceled') setError(e.message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form data-testid="user-retrieve" aria-labelledby="user-retrieve-title" noValidate onSubmit={form.handleSubmit(onValid)}>
      <div role="group" aria-label={t('user/login:retrieveBy')} style={{ display: 'flex', gap: 8, marginBottom: 18 }}>
        {(['email', 'mobile'] as const).map((kind) => (
          <Button key={kind} type={type === kind ? 'primary' : 'default'} aria-pressed={type === kind} onClick={() => setType(kind)}>
            {t(`user/login:${kind}`)}
          </Button>
        ))}
      </div>
      <FormField id="retrieve-account" label={t(type === 'email' ? 'user/login:email' : 'user/login:mobile')} error={errors.account}>
        <TextInput
          name="account"
          type={type === 'email' ? 'email' : 'tel'}
          autoComplete={type === 'email' ? 'email' : 'tel'}
          value={values.account}
          onChange={(e) => setValue('account', e.target.value)}
          onBlur={() => touch('account')}
        />
      </FormField>
      <CaptchaField
        captcha={captcha}
        fieldId="retrieve-captcha"
        label={t('user/login:captcha')}
        refreshLabel={t('user/login:captchaRefresh')}
      />
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
        <div style={{ flex: 1 }}>
          <FormField id="retrieve-code" label={t('user/login:code')} error={errors.code}>
            <TextInput
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={values.code}
              onChange={(e) => setValue('code', e.target.value)}
              onBlur={() => touch('code')}
            />
          </FormField>
        </div>
        <SendCodeButton
          style={{ marginTop: 28 }}
          label={t('user/login:sendCode')}
          waitingLabel={(s) => t('user/login:resendIn', { seconds: s })}
          countdown={countdown}
          onSend={send}
        />
      </div>
      <FormField id="retrieve-password" label={t('user/login:newPassword')} error={errors.password}>
        <PasswordInput
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => setValue('password', e.target.value)}
          onBlur={() => touch('password')}
        />
      </FormField>
      <FormError message={error} />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('user/login:retrieveSubmit')}
      </Button>
      <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        <Button type="link" onClick={onDone}>
          {t('user/login:backToLogin')}
        </Button>
      </p>
    </form>
  );
}
