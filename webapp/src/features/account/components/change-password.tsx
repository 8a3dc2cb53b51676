/**
 * Change password: old, new, confirm. On success (SPEC §7: a success message) the server's message
 * shows, the member is logged out and sent to the login page within the app, so the message stays
 * on screen; the login page also repeats it above its form (router state `notice`).
 */
import { useMemo, useState } from 'react';
import Button from 'antd/es/button/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError, FormField } from '../../../components/form-field';
import { PasswordInput } from '../../../components/text-input';
import { memberSession } from '../../../lib/auth-tokens';
import { RequestError } from '../../../lib/request';
import { ROUTE_PATHS } from '../../../lib/routes';
import { useForm, type Rules } from '../../../lib/use-form';
import { check, requiredCheck } from '../../../lib/validators';
import { changePassword, logout } from '../api/account-api';

type Values = { oldPassword: string; newPassword: string; confirm: string };

export function confirmRule(message: string) {
  return (value: string, values: Values) => (value === values.newPassword ? null : message);
}

export function ChangePassword() {
  const { t } = useTranslation(['userLoading', 'general']);
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();
  const rules = useMemo<Rules<Values>>(
    () => ({
      oldPassword: [requiredCheck(t, t('userLoading:password.old'))],
      newPassword: [requiredCheck(t, t('userLoading:password.new')), check('password', t)],
      confirm: [requiredCheck(t, t('userLoading:password.confirm')), confirmRule(t('userLoading:password.mismatch'))],
    }),
    [t],
  );
  const form = useForm<Values>({ oldPassword: '', newPassword: '', confirm: '' }, rules);
  const { values, errors, setValue, touch } = form;
  const onValid = async (v: Values) => {
    setSubmitting(true);
    setError('');
    try {
      const res = await changePassword(v.oldPassword, v.newPassword);
      try {
        await logout(memberSession.getToken('refresh'));
      } finally {
        memberSession.clear();
        void navigate(ROUTE_PATHS.userLogin, { replace: true, state: { notice: res.msg || t('general:request.operationSuccessful') } });
      }
    } catch (e) {
      if (e instanceof RequestError && e.kind !== 'canceled') setError(e.message);
    } finally {
      setSubmitting(false);
    }
  };
  const field = (name: keyof Values, label: string, autoComplete: string) => (
    <FormField id={`pw-${name}`} label={label} error={errors[name]}>
      <PasswordInput
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => setValue(name, e.target.value)}
        onBlur={() => touch(name)}
      />
    </FormField>
  );
  return (
    <form data-testid="change-password" noValidate onSubmit={form.handleSubmit(onValid)} style={{ maxWidth: 420 }}>
      {field('oldPassword', t('userLoading:password.old'), 'current-password')}
      {field('newPassword', t('userLoading:password.new'), 'new-password')}
      {field('confirm', t('userLoading:password.confirm'), 'new-password')}
      <p>{t('userLoading:password.note')}</p>
      <FormError message={error} />
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('userLoading:password.submit')}
      </Button>
    </form>
  );
}
