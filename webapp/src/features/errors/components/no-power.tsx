/** 401 screen (SPEC §2): no permission, or the file is invalid; contact the site administrator. */
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './error-screen';
import { useErrorActions } from './use-error-actions';

export function NoPower() {
  const { t } = useTranslation('401');
  const { goHome, goBack } = useErrorActions();
  return (
    <ErrorScreen code="401" heading={t('heading')} homeLabel={t('home')} backLabel={t('back')} onHome={goHome} onBack={goBack}>
      <p>{t('contact')}</p>
    </ErrorScreen>
  );
}

export { NoPower as Component };
