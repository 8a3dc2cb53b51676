/** routine/adminInfo: the own profile (nickname, avatar, e-mail, mobile, motto, password). */
import { useEffect, useState } from 'react';
import { Button, Card, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminSession } from '../../../lib/auth-tokens';
import { api } from '../../../lib/request';
import { Auth } from '../shell/permission';
import { formatTime } from './table-page';
import { UploadField } from '../../../components/upload/upload-field';

interface Info {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  mobile: string;
  motto: string;
  last_login_time: number | null;
  last_login_ip: string;
  create_time: number;
}

export default function AdminInfoPage() {
  const { t } = useTranslation('admin/common');
  const [info, setInfo] = useState<Info | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  useEffect(() => {
    void api
      .get<{ info: Info }>('/admin/routine/adminInfo/index')
      .then((res) => {
        setInfo(res.data.info);
        form.setFieldsValue({ ...res.data.info, password: '', old_password: '' });
      })
      .catch(() => undefined);
  }, [form]);
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await api.post<{ info: Info }>('/admin/routine/adminInfo/edit', values, { showSuccessMessage: true });
      setInfo(res.data.info);
      adminSession.update({ nickname: res.data.info.nickname, avatar: res.data.info.avatar });
      form.setFieldsValue({ password: '', old_password: '' });
    } catch {
      // shown
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={t('profile.title')}>
      {info && (
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('admin.username')}>{info.username}</Descriptions.Item>
          <Descriptions.Item label={t('admin.lastLogin')}>
            {formatTime(info.last_login_time)} {info.last_login_ip}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form form={form} layout="vertical" style={{ maxWidth: 480 }}>
        <Form.Item
          name="nickname"
          label={t('admin.nickname')}
          rules={[{ required: true, message: t('common.required', { field: t('admin.nickname') }) }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="avatar" label={t('admin.avatar')}>
          <UploadField type="image" topic="avatar" />
        </Form.Item>
        <Form.Item name="email" label={t('admin.email')}>
          <Input type="email" />
        </Form.Item>
        <Form.Item name="mobile" label={t('admin.mobile')}>
          <Input />
        </Form.Item>
        <Form.Item name="motto" label={t('admin.motto')}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('admin.newPassword')}
          help={t('admin.passwordHelp')}
          rules={[{ pattern: /^[^&<>"']{6,32}$/, message: t('validate.password') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item noStyle shouldUpdate>
          {() =>
            form.getFieldValue('password') ? (
              <Form.Item
                name="old_password"
                label={t('profile.oldPassword')}
                rules={[{ required: true, message: t('common.required', { field: t('profile.oldPassword') }) }]}
              >
                <Input.Password autoComplete="current-password" />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <Auth name="edit">
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Auth>
      </Form>
    </Card>
  );
}
