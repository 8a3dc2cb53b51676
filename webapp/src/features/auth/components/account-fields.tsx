/** The account and password fields of the login and registration forms (names `username`, `password`). */
import { Form, type FormItemProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Input, Password } from '../../../components/form-controls';
import { requiredRule, ruleFor } from '../../../lib/validators';

interface FieldText {
  label: string;
  placeholder?: string;
  /** A hint under the field; hidden while the field shows an error (which says the same, in red). */
  extra?: string;
}

/** A form field whose hint (`extra`) gives way to its error, so the rule is never shown twice. */
export function HintedItem({ name, extra, ...item }: Omit<FormItemProps, 'name' | 'extra'> & { name: string; extra?: string }) {
  return (
    <Form.Item noStyle shouldUpdate>
      {(form) => <Form.Item name={name} extra={extra && form.getFieldError(name).length === 0 ? extra : undefined} {...item} />}
    </Form.Item>
  );
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
      <HintedItem
        name="username"
        label={account.label}
        extra={account.extra}
        rules={[requiredRule(t, account.label), ...(account.check ? [ruleFor('account', t)] : [])]}
      >
        <Input autoComplete="username" placeholder={account.placeholder} />
      </HintedItem>
      <HintedItem
        name="password"
        label={password.label}
        extra={password.extra}
        rules={[requiredRule(t, password.label), ruleFor('password', t)]}
      >
        <Password autoComplete={newPassword ? 'new-password' : 'current-password'} placeholder={password.placeholder} />
      </HintedItem>
    </>
  );
}
