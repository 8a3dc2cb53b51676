/** Admin login screen (/admin/login, route adminLogin). Posts to /srv/admin/index/login. */
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { useServerSetting, useSubmit } from '../../../components/form-kit';
import { adminSession, type AdminInfo } from '../../../lib/auth-tokens';
import { adminLogin, afterLoginPath, getAdminLoginConfig, toSession } from '../api/auth-api';
import { AccountFields } from './account-fields';
import { AuthForm, EMPTY_LOGIN, KeepField, SubmitButton } from './auth-form';

type Values = { username: string; password: string; captchaInfo?: string; keep: boolean };

export function AdminLogin() {
  const { t } = useTranslation(['admin/login', 'general']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const needCaptcha = useServerSetting(getAdminLoginConfig, { captcha: false }).captcha;
  const captcha = useCaptcha(form);
  const { submitting, error, run } = useSubmit();

  const onFinish = (values: Values) =>
    run(
      async () => {
        const res = await adminLogin({
          username: values.username,
          password: values.password,
          keep: Boolean(values.keep),
          ...(needCaptcha ? { captchaId: captcha.id, captchaInfo: values.captchaInfo ?? '' } : {}),
        });
        adminSession.set(toSession<AdminInfo>(res.data?.userInfo));
        void navigate(afterLoginPath('admin', search.get('to')), { replace: true });
      },
      () => needCaptcha && captcha.refresh(),
      t('admin/login:failed'),
    );

  return (
    <AuthForm title={t('admin/login:heading')} form={form} name="admin-login" initialValues={EMPTY_LOGIN} onFinish={onFinish}>
      <AccountFields
        account={{ label: t('admin/login:username'), placeholder: t('admin/login:usernamePlaceholder'), check: true }}
        password={{ label: t('admin/login:password'), placeholder: t('admin/login:passwordPlaceholder') }}
      />
      {needCaptcha && (
        <CaptchaField
          captcha={captcha}
          label={t('admin/login:captcha')}
          imageAlt={t('admin/login:captchaImage')}
          refreshLabel={t('admin/login:captchaRefresh')}
          placeholder={t('admin/login:captchaPlaceholder')}
          requiredMessage={t('general:validate.requiredField', { field: t('admin/login:captcha') })}
          imageHeight={32}
        />
      )}
      <KeepField label={t('admin/login:keep')} />
      <SubmitButton label={t('admin/login:submit')} error={error} submitting={submitting} />
    </AuthForm>
  );
}

export { AdminLogin as Component };
