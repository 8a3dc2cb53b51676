/** The account and password fields of the login and registration forms (names `username`, `password`). */
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Input, Password } from '../../../components/form-controls';
import { requiredRule, ruleFor } from '../../../lib/validators';

interface FieldText {
  label: string;
  placeholder?: string;
  extra?: string;
}

export function AccountFields({
  account,
  password,
  newPassword = false,
}: {
  account: FieldText & { check?: boolean };
  password: FieldText;
  newPassword?: boolean;
}) {
  const { t } = useTranslation('general');
  return (
    <>
      <Form.Item
        name="username"
        label={account.label}
        extra={account.extra}
        rules={[requiredRule(t, account.label), ...(account.check ? [ruleFor('account', t)] : [])]}
      >
        <Input autoComplete="username" placeholder={account.placeholder} />
      </Form.Item>
      <Form.Item
        name="password"
        label={password.label}
        extra={password.extra}
        rules={[requiredRule(t, password.label), ruleFor('password', t)]}
      >
        <Password autoComplete={newPassword ? 'new-password' : 'current-password'} placeholder={password.placeholder} />
      </Form.Item>
    </>
  );
}
