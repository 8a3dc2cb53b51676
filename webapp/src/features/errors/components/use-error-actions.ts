import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { browser } from '../../../lib/browser';
import { siteHomePath } from '../../../lib/site-links';

/**
 * "Return to home page" loads the public site's home in the current language (/ or /en/), or goes to
 * `homePath` inside the app when given; "Back" returns to the previous page, or home.
 */
export function useErrorActions(homePath?: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const goHome = useCallback(() => (homePath ? void navigate(homePath) : browser.assign(siteHomePath())), [homePath, navigate]);
  const goBack = useCallback(() => {
    if (location.key !== 'default' || browser.hasHistory()) void navigate(-1);
    else goHome();
  }, [location.key, navigate, goHome]);
  return { goHome, goBack };
}
