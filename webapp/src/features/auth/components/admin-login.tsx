/** Admin login screen (/admin/login, route adminLogin). Posts to /srv/admin/index/login. */
import { useEffect, useMemo, useState } from 'react';
import { PlainButton as Button } from '../../../components/plain-button';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../../components/auth-frame';
import { FormError, FormField } from '../../../components/form-field';
import { CheckboxInput, PasswordInput, TextInput } from '../../../components/text-input';
import { adminSession, type AdminInfo } from '../../../lib/auth-tokens';
import { RequestError } from '../../../lib/request';
import { useForm, type Rules } from '../../../lib/use-form';
import { check, requiredCheck } from '../../../lib/validators';
import { adminLogin, afterLoginPath, captchaUrl, getAdminLoginConfig, toSession } from '../api/auth-api';

function newCaptchaId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}${Math.random()}`;
}

type Values = { username: string; password: string; captchaInfo: string; keep: boolean };

export function AdminLogin() {
  const { t } = useTranslation(['admin/login', 'general']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [captcha, setCaptcha] = useState(false);
  const [captchaId, setCaptchaId] = useState(newCaptchaId);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');

  const rules = useMemo<Rules<Values>>(
    () => ({
      username: [requiredCheck(t, t('admin/login:username')), check('account', t)],
      password: [requiredCheck(t, t('admin/login:password')), check('password', t)],
      ...(captcha ? { captchaInfo: [requiredCheck(t, t('admin/login:captcha'))] } : {}),
    }),
    [t, captcha],
  );
  const form = useForm<Values>({ username: '', password: '', captchaInfo: '', keep: false }, rules);

  useEffect(() => {
    let alive = true;
    void getAdminLoginConfig().then((config) => alive && setCaptcha(config.captcha));
    return () => {
      alive = false;
    };
  }, []);

  const onValid = async (values: Values) => {
    setSubmitting(true);
    setError('');
    try {
      const res = await adminLogin({
        username: values.username,
        password: values.password,
        keep: values.keep,
        ...(captcha ? { captchaId, captchaInfo: values.captchaInfo } : {}),
      });
      adminSession.set(toSession<AdminInfo>(res.data?.userInfo));
      void navigate(afterLoginPath('admin', search.get('to')), { replace: true });
    } catch (e) {
      if (e instanceof RequestError && e.kind !== 'canceled') setError(e.message || t('admin/login:failed'));
      if (captcha) setCaptchaId(newCaptchaId());
    } finally {
      setSubmitting(false);
    }
  };

  const { values, errors, setValue, touch } = form;
  return (
    <AuthFrame title={t('admin/login:heading')} titleId="admin-login-title">
      <form data-testid="admin-login" aria-labelledby="admin-login-title" noValidate onSubmit={form.handleSubmit(onValid)}>
        <FormField id="admin-username" label={t('admin/login:username')} error={errors.username}>
          <TextInput
            name="username"
            autoComplete="username"
            placeholder={t('admin/login:usernamePlaceholder')}
            value={values.username}
            onChange={(e) => setValue('username', e.target.value)}
            onBlur={() => touch('username')}
          />
        </FormField>
        <FormField id="admin-password" label={t('admin/login:password')} error={errors.password}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            placeholder={t('admin/login:passwordPlaceholder')}
            value={values.password}
            onChange={(e) => setValue('password', e.target.value)}
            onBlur={() => touch('password')}
          />
        </FormField>
        {captcha && (
          <div data-testid="captcha-field" style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
            <div style={{ flex: 1 }}>
              <FormField id="admin-captcha" label={t('admin/login:captcha')} error={errors.captchaInfo}>
                <TextInput
                  name="captchaInfo"
                  autoComplete="off"
                  placeholder={t('admin/login:captchaPlaceholder')}
                  value={values.captchaInfo}
                  onChange={(e) => setValue('captchaInfo', e.target.value)}
                  onBlur={() => touch('captchaInfo')}
                />
              </FormField>
            </div>
            <button
              type="button"
              onClick={() => setCaptchaId(newCaptchaId())}
              aria-label={t('admin/login:captchaRefresh')}
              style={{ marginTop: 28, padding: 0, border: 0, background: 'none', cursor: 'pointer' }}
            >
              <img src={captchaUrl(captchaId)} alt={t('admin/login:captchaImage')} height={32} />
            </button>
          </div>
        )}
        <div style={{ marginBottom: 18 }}>
          <CheckboxInput name="keep" checked={values.keep} onChange={(checked) => setValue('keep', checked)}>
            {t('admin/login:keep')}
          </CheckboxInput>
        </div>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('admin/login:submit')}
        </Button>
      </form>
    </AuthFrame>
  );
}

export { AdminLogin as Component };
