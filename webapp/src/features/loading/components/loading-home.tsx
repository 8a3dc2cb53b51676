/** Placeholder home of a shell, shown by the loading route while the dynamic menus do not exist yet. */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { greeting } from '../../../lib/greeting';
import { parseLoadingTarget, targetToUrl } from '../../../lib/routes';

export function LoadingHome({ name }: { name?: string }) {
  const { t } = useTranslation('general');
  const { to } = useParams();
  const target = parseLoadingTarget(to);
  return (
    <section aria-labelledby="home-heading">
      <Typography.Title level={2} id="home-heading" style={{ marginTop: 0 }}>
        {greeting(t)}
        {name ? `, ${name}` : ''}
      </Typography.Title>
      <Typography.Paragraph>{t('layout.placeholder')}</Typography.Paragraph>
      {target && <Typography.Paragraph type="secondary">{t('layout.requested', { path: targetToUrl(target) })}</Typography.Paragraph>}
    </section>
  );
}
