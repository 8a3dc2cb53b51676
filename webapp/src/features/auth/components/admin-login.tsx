/** Admin login screen (/admin/login, route adminLogin). Posts to /srv/admin/index/login. */
import { useEffect, useState } from 'react';
import { Form } from 'antd';
import { Button, Checkbox, Input, Password } from '../../../components/form-controls';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../../components/auth-frame';
import { CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { FormError, useErrorsFollowLanguage } from '../../../components/form-kit';
import { adminSession, type AdminInfo } from '../../../lib/auth-tokens';
import { RequestError } from '../../../lib/request';
import { requiredRule, ruleFor } from '../../../lib/validators';
import { adminLogin, afterLoginPath, getAdminLoginConfig, toSession } from '../api/auth-api';

type Values = { username: string; password: string; captchaInfo?: string; keep: boolean };

export function AdminLogin() {
  const { t } = useTranslation(['admin/login', 'general']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [form] = Form.useForm<Values>();
  useErrorsFollowLanguage(form);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const captcha = useCaptcha(form);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let alive = true;
    void getAdminLoginConfig().then((config) => alive && setNeedCaptcha(config.captcha));
    return () => {
      alive = false;
    };
  }, []);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setError('');
    try {
      const res = await adminLogin({
        username: values.username,
        password: values.password,
        keep: Boolean(values.keep),
        ...(needCaptcha ? { captchaId: captcha.id, captchaInfo: values.captchaInfo ?? '' } : {}),
      });
      adminSession.set(toSession<AdminInfo>(res.data?.userInfo));
      void navigate(afterLoginPath('admin', search.get('to')), { replace: true });
    } catch (e) {
      if (e instanceof RequestError && e.kind !== 'canceled') setError(e.message || t('admin/login:failed'));
      if (needCaptcha) captcha.refresh();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthFrame title={t('admin/login:heading')} titleId="admin-login-title">
      <Form
        form={form}
        name="admin-login"
        data-testid="admin-login"
        aria-labelledby="admin-login-title"
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: '', password: '', keep: false }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="username"
          label={t('admin/login:username')}
          rules={[requiredRule(t, t('admin/login:username')), ruleFor('account', t)]}
        >
          <Input autoComplete="username" placeholder={t('admin/login:usernamePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('admin/login:password')}
          rules={[requiredRule(t, t('admin/login:password')), ruleFor('password', t)]}
        >
          <Password autoComplete="current-password" placeholder={t('admin/login:passwordPlaceholder')} />
        </Form.Item>
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
      </Form>
    </AuthFrame>
  );
}

export { AdminLogin as Component };
