/** Admin login screen (/admin/login, route adminLogin). Posts to /srv/admin/index/login. */
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../../components/auth-frame';
import { CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { Button, Checkbox } from '../../../components/form-controls';
import { AppForm, FormError, useServerSetting, useSubmit } from '../../../components/form-kit';
import { adminSession, type AdminInfo } from '../../../lib/auth-tokens';
import { adminLogin, afterLoginPath, getAdminLoginConfig, toSession } from '../api/auth-api';
import { AccountFields } from './account-fields';

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
    <AuthFrame title={t('admin/login:heading')} titleId="admin-login-title">
      <AppForm
        form={form}
        name="admin-login"
        aria-labelledby="admin-login-title"
        initialValues={{ username: '', password: '', keep: false }}
        onFinish={onFinish}
      >
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
        <Form.Item name="keep" valuePropName="checked">
          <Checkbox>{t('admin/login:keep')}</Checkbox>
        </Form.Item>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('admin/login:submit')}
        </Button>
      </AppForm>
    </AuthFrame>
  );
}

export { AdminLogin as Component };
