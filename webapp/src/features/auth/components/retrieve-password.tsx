/**
 * Retrieve a forgotten password from the login screen: e-mail or mobile, the image captcha, the code
 * sent there (event user_retrieve_pwd), a new password → POST /srv/api/account/retrievePassword.
 */
import { useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { Button, Input, Password } from '../../../components/form-controls';
import { AppForm, useSubmit } from '../../../components/form-kit';
import { CodeField } from '../../../components/send-code-button';
import { requiredRule, ruleFor } from '../../../lib/validators';
import { retrievePassword, sendEmailCode, sendSmsCode } from '../api/auth-api';
import { SubmitButton } from './auth-form';

type Values = { account: string; code: string; password: string };

export function RetrievePassword({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['user/login', 'general']);
  const [type, setType] = useState<'email' | 'mobile'>('email');
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha(form);
  const { submitting, error, run } = useSubmit();
  const accountLabel = t(type === 'email' ? 'user/login:email' : 'user/login:mobile');

  const send = () =>
    captcha.sendWith(['account'], (extras) => {
      const account = String(form.getFieldValue('account')).trim();
      return type === 'email' ? sendEmailCode(account, extras, 'user_retrieve_pwd') : sendSmsCode(account, extras, 'user_retrieve_pwd');
    });

  const onFinish = (v: Values) =>
    run(async () => {
      await retrievePassword({ type, account: v.account.trim(), captcha: v.code.trim(), password: v.password });
      onDone();
    });

  return (
    <AppForm
      form={form}
      name="user-retrieve"
      aria-labelledby="user-retrieve-title"
      initialValues={{ account: '', code: '', password: '' }}
      onFinish={onFinish}
    >
      <div role="group" aria-label={t('user/login:retrieveBy')} style={{ display: 'flex', gap: 8, marginBottom: 18 }}>
        {(['email', 'mobile'] as const).map((kind) => (
          <Button key={kind} type={type === kind ? 'primary' : 'default'} aria-pressed={type === kind} onClick={() => setType(kind)}>
            {t(`user/login:${kind}`)}
          </Button>
        ))}
      </div>
      <Form.Item name="account" label={accountLabel} rules={[requiredRule(t, accountLabel), ruleFor(type, t)]}>
        <Input type={type === 'email' ? 'email' : 'tel'} autoComplete={type === 'email' ? 'email' : 'tel'} />
      </Form.Item>
      <CaptchaField captcha={captcha} label={t('user/login:captcha')} refreshLabel={t('user/login:captchaRefresh')} />
      <CodeField
        name="code"
        label={t('user/login:code')}
        rules={[requiredRule(t, t('user/login:code'))]}
        sendLabel={t('user/login:sendCode')}
        waitingLabel={(s) => t('user/login:resendIn', { seconds: s })}
        onSend={send}
      />
      <Form.Item
        name="password"
        label={t('user/login:newPassword')}
        rules={[requiredRule(t, t('user/login:newPassword')), ruleFor('password', t)]}
      >
        <Password autoComplete="new-password" />
      </Form.Item>
      <SubmitButton label={t('user/login:retrieveSubmit')} error={error} submitting={submitting} />
      <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        <Button type="link" onClick={onDone}>
          {t('user/login:backToLogin')}
        </Button>
      </p>
    </AppForm>
  );
}
