import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { browser } from '../../../lib/browser';

/** "Return to home page" loads the site home (/); "Back" returns to the previous page, or home. */
export function useErrorActions() {
  const navigate = useNavigate();
  const location = useLocation();
  const goHome = useCallback(() => browser.assign('/'), []);
  const goBack = useCallback(() => {
    if (location.key !== 'default' || browser.hasHistory()) void navigate(-1);
    else goHome();
  }, [location.key, navigate, goHome]);
  return { goHome, goBack };
}
