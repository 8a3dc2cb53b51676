/** 404 screen (SPEC §2): explains, reports, and returns to the previous page after a countdown. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './error-screen';
import { useErrorActions } from './use-error-actions';

export const RETURN_AFTER_SECONDS = 5;

/**
 * `embedded`: shown inside a shell (the back office's mistyped addresses), not as a page of its own;
 * `homePath`: an in-app home (the back office's first page) instead of the public site's home.
 */
export function NotFound({ embedded = false, homePath }: { embedded?: boolean; homePath?: string } = {}) {
  const { t } = useTranslation('404');
  const { goHome, goBack } = useErrorActions(homePath);
  const [left, setLeft] = useState(RETURN_AFTER_SECONDS);

  useEffect(() => {
    if (left <= 0) {
      goBack();
      return undefined;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, goBack]);

  return (
    <ErrorScreen
      embedded={embedded}
      code="404"
      heading={t('heading')}
      homeLabel={t('home')}
      backLabel={t('back')}
      onHome={goHome}
      onBack={goBack}
    >
      <p>{t('reporting')}</p>
      <p role="timer" aria-live="off" data-testid="countdown">
        {t('countdown', { count: Math.max(left, 0) })}
      </p>
    </ErrorScreen>
  );
}

export { NotFound as Component };
