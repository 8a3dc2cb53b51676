/**
 * A text node that translates itself when it renders: antd keeps a form error's message as it was
 * computed, so a message given as this element follows a language switch in the same render as the
 * rest of the page (lib/validators' named checks use it).
 */
import { createElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

function TranslatedText({ k, vars }: { k: string; vars?: Record<string, unknown> }) {
  const { t } = useTranslation();
  return t(k, vars) as string;
}

export function translated(k: string, vars?: Record<string, unknown>): ReactElement {
  return createElement(TranslatedText, { k, vars });
}
