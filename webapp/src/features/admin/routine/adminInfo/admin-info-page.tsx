/** routine/adminInfo: the own profile (nickname, avatar, e-mail, mobile, motto, password). */
import { useEffect, useState } from 'react';
import { Button, Card, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminSession } from '../../../../lib/auth-tokens';
import { Auth } from '../../../../components/permission';
import { NicknameAvatarFields } from '../../../../components/profile-fields';
import { timeFormat } from '../../../../lib/time';
import { requiredRule, ruleFor } from '../../../../lib/validators';
import { load, save as saveInfo, type Info } from './api';

export default function AdminInfoPage() {
  const { t } = useTranslation('admin/common');
  const [info, setInfo] = useState<Info | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  useEffect(() => {
    void load()
      .then((res) => {
        setInfo(res.data.info);
        form.setFieldsValue({ ...res.data.info, password: '', old_password: '' });
      })
      .catch(() => undefined);
  }, [form]);
  const save = async () => {
    // An invalid form shows its messages; nothing more to do (no unhandled rejection).
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const res = await saveInfo(values);
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
            {timeFormat(info.last_login_time)} {info.last_login_ip}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form form={form} layout="vertical" style={{ maxWidth: 480 }}>
        <NicknameAvatarFields nicknameLabel={t('admin.nickname')} avatarLabel={t('admin.avatar')} />
        <Form.Item name="email" label={t('admin.email')}>
          <Input type="email" />
        </Form.Item>
        <Form.Item name="mobile" label={t('admin.mobile')}>
          <Input />
        </Form.Item>
        <Form.Item name="motto" label={t('admin.motto')}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="password" label={t('admin.newPassword')} extra={t('admin.passwordHelp')} rules={[ruleFor('password', t)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item noStyle shouldUpdate>
          {() =>
            form.getFieldValue('password') ? (
              <Form.Item name="old_password" label={t('profile.oldPassword')} rules={[requiredRule(t, t('profile.oldPassword'))]}>
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
