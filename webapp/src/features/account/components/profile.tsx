/** Profile (nickname, avatar upload, gender, birthday, region via the "city" input, motto) and the two-step change of a bound
 * e-mail address or mobile number (verification, then changeBind). */
import { useEffect, useState } from 'react';
import Button from 'antd/es/button/Button';
import { useTranslation } from 'react-i18next';
import { CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { CityCascader } from '../../../components/city-cascader';
import { FormError, FormField } from '../../../components/form-field';
import { SendCodeButton, useCountdown } from '../../../components/send-code-button';
import { PasswordInput, TextInput } from '../../../components/text-input';
import { UploadField } from '../../../components/upload/upload-field';
import { memberSession, type MemberInfo } from '../../../lib/auth-tokens';
import { RequestError } from '../../../lib/request';
import { changeBind, getProfile, saveProfile, sendCode, verifyAccount, type Profile } from '../api/account-api';

const errorText = (e: unknown) => (e instanceof RequestError && e.kind !== 'canceled' ? e.message : '');

export function ProfilePage() {
  const { t } = useTranslation(['userLoading', 'general']);
  const [info, setInfo] = useState<MemberInfo | null>(null);
  const [values, setValues] = useState<Profile>({ nickname: '', avatar: '', gender: 0, birthday: '', motto: '', region: [] });
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [binding, setBinding] = useState<'email' | 'mobile' | null>(null);

  const load = (user: MemberInfo) => {
    setInfo(user);
    setValues({
      nickname: user.nickname,
      avatar: user.avatar,
      gender: user.gender,
      birthday: user.birthday,
      motto: user.motto,
      region: user.region ?? [],
    });
    memberSession.update({ nickname: user.nickname, avatar: user.avatar, email: user.email, mobile: user.mobile });
  };
  useEffect(() => {
    void getProfile()
      .then((res) => load(res.data.userInfo))
      .catch(() => undefined);
  }, []);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!values.nickname.trim()) {
      setError(t('userLoading:profile.nicknameRequired'));
      return;
    }
    setSaving(true);
    setError('');
    try {
      load((await saveProfile(values)).data.userInfo);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  const set = <K extends keyof Profile>(name: K, value: Profile[K]) => setValues((v) => ({ ...v, [name]: value }));
  if (!info) return null;
  return (
    <div style={{ maxWidth: 520 }}>
      <form data-testid="profile-form" noValidate onSubmit={(e) => void submit(e)}>
        <p>
          {t('userLoading:profile.username')}: <strong>{info.username}</strong>
        </p>
        <FormField id="profile-nickname" label={t('userLoading:profile.nickname')}>
          <TextInput name="nickname" maxLength={50} value={values.nickname} onChange={(e) => set('nickname', e.target.value)} />
        </FormField>
        <FormField id="profile-avatar" label={t('userLoading:profile.avatar')}>
          <UploadField
            type="image"
            topic="avatar"
            value={values.avatar}
            onChange={(v) => set('avatar', typeof v === 'string' ? v : (v[0] ?? ''))}
          />
        </FormField>
        <fieldset style={{ border: 0, padding: 0, marginBottom: 18 }}>
          <legend>{t('userLoading:profile.gender')}</legend>
          {([0, 1, 2] as const).map((g) => (
            <label key={g} style={{ marginRight: 16 }}>
              <input type="radio" name="gender" value={g} checked={values.gender === g} onChange={() => set('gender', g)} />{' '}
              {t(`userLoading:profile.genders.${g}`)}
            </label>
          ))}
        </fieldset>
        <FormField id="profile-birthday" label={t('userLoading:profile.birthday')}>
          <TextInput name="birthday" type="date" value={values.birthday} onChange={(e) => set('birthday', e.target.value)} />
        </FormField>
        <FormField id="profile-region" label={t('userLoading:profile.region')}>
          <CityCascader value={values.region} onChange={(codes) => set('region', codes)} />
        </FormField>
        <FormField id="profile-motto" label={t('userLoading:profile.motto')}>
          <TextInput name="motto" maxLength={255} value={values.motto} onChange={(e) => set('motto', e.target.value)} />
        </FormField>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('userLoading:profile.save')}
        </Button>
      </form>
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

function ChangeBind({ kind, current, onDone }: { kind: 'email' | 'mobile'; current: string; onDone: (user?: MemberInfo) => void }) {
  const { t } = useTranslation('userLoading');
  const captcha = useCaptcha();
  const verifyCountdown = useCountdown();
  const newCountdown = useCountdown();
  const [token, setToken] = useState('');
  const [secret, setSecret] = useState('');
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  const send = async (target: string, event: string): Promise<boolean> => {
    setError('');
    try {
      await sendCode(kind, target, event, { captchaId: captcha.id, captchaInfo: captcha.answer.trim() });
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    } finally {
      captcha.refresh();
    }
  };
  const verify = async (event: React.FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      const res = await verifyAccount(kind, current ? { captcha: secret.trim() } : { password: secret });
      setToken(res.data.accountVerificationToken);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const bind = async (event: React.FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      onDone((await changeBind(kind, value.trim(), code.trim(), token)).data.userInfo);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const captchaField = (
    <CaptchaField captcha={captcha} fieldId={`bind-captcha-${kind}`} label={t('bind.captcha')} refreshLabel={t('bind.captchaRefresh')} />
  );
  return (
    <section aria-label={t(`bind.${kind}`)} style={{ borderTop: '1px solid rgba(128,128,128,.3)', paddingTop: 16 }}>
      {!token ? (
        <form data-testid="bind-verify" noValidate onSubmit={(e) => void verify(e)}>
          <p>{current ? t('bind.step1Code', { target: current }) : t('bind.step1Password')}</p>
          {current && captchaField}
          <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
            <div style={{ flex: 1 }}>
              <FormField id={`bind-secret-${kind}`} label={current ? t('bind.code') : t('bind.password')}>
                {current ? (
                  <TextInput
                    name="secret"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    value={secret}
                    onChange={(e) => setSecret(e.target.value)}
                  />
                ) : (
                  <PasswordInput name="secret" autoComplete="current-password" value={secret} onChange={(e) => setSecret(e.target.value)} />
                )}
              </FormField>
            </div>
            {current && (
              <SendCodeButton
                style={{ marginTop: 28 }}
                label={t('bind.sendCode')}
                waitingLabel={(s) => t('bind.resendIn', { seconds: s })}
                countdown={verifyCountdown}
                onSend={() => send(current, `user_${kind}_verify`)}
              />
            )}
          </div>
          <FormError message={error} />
          <Button htmlType="submit" type="primary">
            {t('bind.next')}
          </Button>{' '}
          <Button onClick={() => onDone()}>{t('bind.cancel')}</Button>
        </form>
      ) : (
        <form data-testid="bind-new" noValidate onSubmit={(e) => void bind(e)}>
          <FormField id={`bind-value-${kind}`} label={t(`bind.new.${kind}`)}>
            <TextInput name="value" type={kind === 'email' ? 'email' : 'tel'} value={value} onChange={(e) => setValue(e.target.value)} />
          </FormField>
          {captchaField}
          <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
            <div style={{ flex: 1 }}>
              <FormField id={`bind-code-${kind}`} label={t('bind.code')}>
                <TextInput
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </FormField>
            </div>
            <SendCodeButton
              style={{ marginTop: 28 }}
              label={t('bind.sendCode')}
              waitingLabel={(s) => t('bind.resendIn', { seconds: s })}
              countdown={newCountdown}
              onSend={() => send(value.trim(), `user_change_${kind}`)}
            />
          </div>
          <FormError message={error} />
          <Button htmlType="submit" type="primary">
            {t('bind.submit')}
          </Button>{' '}
          <Button onClick={() => onDone()}>{t('bind.cancel')}</Button>
        </form>
      )}
    </section>
  );
}
