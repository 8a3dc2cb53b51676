/**
 * The nickname (required) and avatar fields both own-profile forms start with: the member's
 * (features/account, profile) and the admin's (features/admin/routine/adminInfo). Inside an antd Form.
 */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadField } from './upload/upload-field';
import { requiredRule } from '../lib/validators';

export interface NicknameAvatarFieldsProps {
  nicknameLabel: string;
  avatarLabel: string;
  /** The message of an empty nickname (default: the general "<label> is required"). */
  nicknameRequired?: string;
  nicknameMaxLength?: number;
}

export function NicknameAvatarFields({ nicknameLabel, avatarLabel, nicknameRequired, nicknameMaxLength }: NicknameAvatarFieldsProps) {
  const { t } = useTranslation('general');
  const required = requiredRule(t, nicknameRequired ? undefined : nicknameLabel);
  return (
    <>
      <Form.Item name="nickname" label={nicknameLabel} rules={[nicknameRequired ? { ...required, message: nicknameRequired } : required]}>
        <Input maxLength={nicknameMaxLength} />
      </Form.Item>
      <Form.Item name="avatar" label={avatarLabel} getValueFromEvent={(v: string | string[]) => (typeof v === 'string' ? v : (v[0] ?? ''))}>
        <UploadField type="image" topic="avatar" />
      </Form.Item>
    </>
  );
}
