/**
 * Change password: old, new, confirm. On success (SPEC §7: a success message) the server's message
 * shows, the member is logged out and sent to the login page within the app, so the message stays
 * on screen; the login page also repeats it above its form (router state `notice`).
 */
import { Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppForm, FormError, useSubmit } from '../../../components/form-kit';
import { memberSession } from '../../../lib/auth-tokens';
import { ROUTE_PATHS } from '../../../lib/routes';
import { requiredRule, ruleFor } from '../../../lib/validators';
import { changePassword, logout } from '../api/account-api';

type Values = { oldPassword: string; newPassword: string; confirm: string };

/** The confirmation must equal the new password: the message, or null. */
export function confirmRule(message: string) {
  return (value: string, values: Values) => (value === values.newPassword ? null : message);
}

export function ChangePassword() {
  const { t } = useTranslation(['userLoading', 'general']);
  const { submitting, error, run } = useSubmit();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const onFinish = (v: Values) =>
    run(async () => {
      const res = await changePassword(v.oldPassword, v.newPassword);
      try {
        await logout(memberSession.getToken('refresh'));
      } finally {
        memberSession.clear();
        void navigate(ROUTE_PATHS.userLogin, { replace: true, state: { notice: res.msg || t('general:request.operationSuccessful') } });
      }
    });
  const field = (name: keyof Values, label: string, autoComplete: string, rules: Rule[]) => (
    <Form.Item name={name} label={label} rules={[requiredRule(t, label), ...rules]}>
      <Input.Password autoComplete={autoComplete} />
    </Form.Item>
  );
  const confirm: Rule = ({ getFieldsValue }) => ({
    validator: (_rule, value: string) => {
      const message = value ? confirmRule(t('userLoading:password.mismatch'))(value, getFieldsValue()) : null;
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
  return (
    <AppForm form={form} name="change-password" style={{ maxWidth: 420 }} onFinish={onFinish}>
      {field('oldPassword', t('userLoading:password.old'), 'current-password', [])}
      {field('newPassword', t('userLoading:password.new'), 'new-password', [ruleFor('password', t)])}
      {field('confirm', t('userLoading:password.confirm'), 'new-password', [confirm])}
      <p>{t('userLoading:password.note')}</p>
      <FormError message={error} />
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('userLoading:password.submit')}
      </Button>
    </AppForm>
  );
}
