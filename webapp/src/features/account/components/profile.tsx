/** Profile (nickname, avatar upload, gender, birthday, region via the "city" input, motto) and the two-step change of a bound
 * e-mail address or mobile number (verification, then changeBind). */
import { useEffect, useState } from 'react';
import { Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { CityCascader } from '../../../components/city-cascader';
import { DateInput } from '../../../components/date-input';
import { AppForm, errorText, FormError, useSubmit } from '../../../components/form-kit';
import { CodeField } from '../../../components/send-code-button';
import { NicknameAvatarFields } from '../../../components/profile-fields';
import { memberSession, type MemberInfo } from '../../../lib/auth-tokens';
import { changeBind, getProfile, saveProfile, sendCode, verifyAccount, type Profile } from '../api/account-api';

export function ProfilePage() {
  const { t } = useTranslation(['userLoading', 'general']);
  const [info, setInfo] = useState<MemberInfo | null>(null);
  const [form] = Form.useForm<Profile>();
  const { submitting: saving, error, run } = useSubmit();
  const [binding, setBinding] = useState<'email' | 'mobile' | null>(null);

  // The form opens once the profile is loaded (its initial values; the region input loads the names
  // of the value it starts with).
  const load = (user: MemberInfo) => {
    setInfo(user);
    memberSession.update({ nickname: user.nickname, avatar: user.avatar, email: user.email, mobile: user.mobile });
  };
  useEffect(() => {
    void getProfile()
      .then((res) => load(res.data.userInfo))
      .catch(() => undefined);
  }, []);

  const submit = (values: Profile) => run(async () => load((await saveProfile(values)).data.userInfo));
  if (!info) return null;
  return (
    <div style={{ maxWidth: 520 }}>
      <p>
        {t('userLoading:profile.username')}: <strong>{info.username}</strong>
      </p>
      <AppForm
        form={form}
        name="profile-form"
        initialValues={{
          nickname: info.nickname,
          avatar: info.avatar,
          gender: info.gender,
          birthday: info.birthday,
          motto: info.motto,
          region: info.region ?? [],
        }}
        onFinish={submit}
      >
        <NicknameAvatarFields
          nicknameLabel={t('userLoading:profile.nickname')}
          nicknameRequired={t('userLoading:profile.nicknameRequired')}
          nicknameMaxLength={50}
          avatarLabel={t('userLoading:profile.avatar')}
        />
        <Form.Item name="gender" label={t('userLoading:profile.gender')}>
          <Radio.Group options={([0, 1, 2] as const).map((g) => ({ value: g, label: t(`userLoading:profile.genders.${g}`) }))} />
        </Form.Item>
        <Form.Item name="birthday" label={t('userLoading:profile.birthday')}>
          <DateInput past />
        </Form.Item>
        <Form.Item name="region" label={t('userLoading:profile.region')}>
          <CityCascader />
        </Form.Item>
        <Form.Item name="motto" label={t('userLoading:profile.motto')}>
          <Input maxLength={255} />
        </Form.Item>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('userLoading:profile.save')}
        </Button>
      </AppForm>
      <h3 style={{ marginTop: 32 }}>{t('userLoading:bind.heading')}</h3>
      {(['email', 'mobile'] as const).map((kind) => (
        <p key={kind}>
          {t(`userLoading:bind.${kind}`)}: <span data-testid={`bound-${kind}`}>{info[kind] || t('userLoading:bind.none')}</span>{' '}
          <Button size="small" onClick={() => setBinding(kind)}>
            {t('userLoading:bind.change')}
          </Button>
        </p>
      ))}
      {binding && (
        <ChangeBind
          key={binding}
          kind={binding}
          current={info[binding]}
          onDone={(user) => {
            if (user) load(user);
            setBinding(null);
          }}
        />
      )}
    </div>
  );
}

type BindValues = { secret?: string; value?: string; code?: string };

function ChangeBind({ kind, current, onDone }: { kind: 'email' | 'mobile'; current: string; onDone: (user?: MemberInfo) => void }) {
  const { t } = useTranslation('userLoading');
  const [form] = Form.useForm<BindValues>();
  const captcha = useCaptcha(form);
  const [token, setToken] = useState('');
  const [error, setError] = useState('');

  const send = async (target: string, event: string): Promise<boolean> => {
    setError('');
    try {
      await sendCode(kind, target, event, { captchaId: captcha.id, captchaInfo: captcha.answer() });
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    } finally {
      captcha.refresh();
    }
  };
  const verify = async ({ secret = '' }: BindValues) => {
    setError('');
    try {
      const res = await verifyAccount(kind, current ? { captcha: secret.trim() } : { password: secret });
      setToken(res.data.accountVerificationToken);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const bind = async ({ value = '', code = '' }: BindValues) => {
    setError('');
    try {
      onDone((await changeBind(kind, value.trim(), code.trim(), token)).data.userInfo);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const captchaField = <CaptchaField captcha={captcha} label={t('bind.captcha')} refreshLabel={t('bind.captchaRefresh')} />;
  const codeField = (name: string, label: string, onSend: () => Promise<boolean>) => (
    <CodeField
      name={name}
      label={label}
      sendLabel={t('bind.sendCode')}
      waitingLabel={(s) => t('bind.resendIn', { seconds: s })}
      onSend={onSend}
    />
  );
  // Step one proves the member holds the current address (or knows the password), step two binds the new one.
  const step = token ? 'new' : 'verify';
  const buttons = (submit: string) => (
    <>
      <FormError message={error} />
      <Button htmlType="submit" type="primary">
        {submit}
      </Button>{' '}
      <Button onClick={() => onDone()}>{t('bind.cancel')}</Button>
    </>
  );
  return (
    <section aria-label={t(`bind.${kind}`)} style={{ borderTop: '1px solid rgba(128,128,128,.3)', paddingTop: 16 }}>
      <Form
        form={form}
        key={step}
        name={`bind-${step}-${kind}`}
        data-testid={`bind-${step}`}
        layout="vertical"
        onFinish={(values) => void (token ? bind(values) : verify(values))}
      >
        {!token ? (
          <>
            <p>{current ? t('bind.step1Code', { target: current }) : t('bind.step1Password')}</p>
            {current && captchaField}
            {current ? (
              codeField('secret', t('bind.code'), () => send(current, `user_${kind}_verify`))
            ) : (
              <Form.Item name="secret" label={t('bind.password')}>
                <Input.Password autoComplete="current-password" />
              </Form.Item>
            )}
            {buttons(t('bind.next'))}
          </>
        ) : (
          <>
            <Form.Item name="value" label={t(`bind.new.${kind}`)}>
              <Input type={kind === 'email' ? 'email' : 'tel'} />
            </Form.Item>
            {captchaField}
            {codeField('code', t('bind.code'), () => send(String(form.getFieldValue('value') ?? '').trim(), `user_change_${kind}`))}
            {buttons(t('bind.submit'))}
          </>
        )}
      </Form>
    </section>
  );
}
