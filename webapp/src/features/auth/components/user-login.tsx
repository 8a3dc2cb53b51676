/** Member login screen (/user/login, route userLogin). Posts to /srv/api/user/checkIn (tab=login). */
import { useMemo, useState } from 'react';
import Button from 'antd/es/button/Button';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../../components/auth-frame';
import { FormError, FormField } from '../../../components/form-field';
import { CheckboxInput, PasswordInput, TextInput } from '../../../components/text-input';
import { memberSession, type MemberInfo } from '../../../lib/auth-tokens';
import { RequestError } from '../../../lib/request';
import { ROUTE_PATHS } from '../../../lib/routes';
import { useForm, type Rules } from '../../../lib/use-form';
import { check, requiredCheck } from '../../../lib/validators';
import { afterLoginPath, memberCheckIn, toSession } from '../api/auth-api';

type Values = { username: string; password: string; keep: boolean };

export function UserLogin() {
  const { t } = useTranslation(['user/login', 'general']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const rules = useMemo<Rules<Values>>(
    () => ({
      username: [requiredCheck(t, t('user/login:account')), check('account', t)],
      password: [requiredCheck(t, t('user/login:password')), check('password', t)],
    }),
    [t],
  );
  const form = useForm<Values>({ username: '', password: '', keep: false }, rules);

  const onValid = async (values: Values) => {
    setSubmitting(true);
    setError('');
    try {
      const res = await memberCheckIn({ tab: 'login', ...values });
      memberSession.set(toSession<MemberInfo>(res.data?.userInfo));
      void navigate(afterLoginPath('user', search.get('to')), { replace: true });
    } catch (e) {
      if (e instanceof RequestError && e.kind !== 'canceled') setError(e.message);
    } finally {
      setSubmitting(false);
    }
  };

  const to = search.get('to');
  const { values, errors, setValue, touch } = form;
  return (
    <AuthFrame title={t('user/login:heading')} titleId="user-login-title">
      <form data-testid="user-login" aria-labelledby="user-login-title" noValidate onSubmit={form.handleSubmit(onValid)}>
        <FormField id="user-account" label={t('user/login:account')} error={errors.username}>
          <TextInput
            name="username"
            autoComplete="username"
            placeholder={t('user/login:accountPlaceholder')}
            value={values.username}
            onChange={(e) => setValue('username', e.target.value)}
            onBlur={() => touch('username')}
          />
        </FormField>
        <FormField id="user-password" label={t('user/login:password')} error={errors.password}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            placeholder={t('user/login:passwordPlaceholder')}
            value={values.password}
            onChange={(e) => setValue('password', e.target.value)}
            onBlur={() => touch('password')}
          />
        </FormField>
        <div style={{ marginBottom: 18 }}>
          <CheckboxInput name="keep" checked={values.keep} onChange={(checked) => setValue('keep', checked)}>
            {t('user/login:keep')}
          </CheckboxInput>
        </div>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('user/login:submit')}
        </Button>
        <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
          {t('user/login:noAccount')}{' '}
          <Link to={to ? `${ROUTE_PATHS.userReg}?${new URLSearchParams({ to })}` : ROUTE_PATHS.userReg}>{t('user/login:toRegister')}</Link>
        </p>
      </form>
    </AuthFrame>
  );
}

export { UserLogin as Component };
