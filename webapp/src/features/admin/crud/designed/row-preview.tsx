/**
 * Preview before publishing (issue 36 part 7): a row of a table the public site shows, as its public
 * page, with the site's theme, in either language — from the edit form's unsaved values
 * (POST /admin/<rule path>/preview) or, for a preview link (`/admin/<rule path>?preview=<id>`), a saved
 * row (GET …/preview?id=). Nothing is saved or published. The page is shown in a sandboxed frame
 * (`srcdoc`, no `allow-scripts` nor `allow-same-origin`): its scripts never run and it cannot reach the
 * back office's session; its links open in a new tab.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Input, Modal, Segmented, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, sdk, type SdkFn } from '../../../../lib/api/client';
import type { PreviewPage } from '../../../../lib/api/generated/types.gen';
import { notify } from '../../../../lib/notify';
import { useNarrowScreen } from '../../../../lib/theme';

type Lang = PreviewPage['lang'];

/** A build of the site takes seconds on a busy server: wait longer than for other requests. */
const PREVIEW_TIMEOUT = 60_000;

/** The address of a saved row's preview link (the table's page, which opens the preview). */
export function previewLink(path: string, id: number): string {
  return `${window.location.origin}/admin/${path}?preview=${id}`;
}

/** What the preview shows: a saved row (`id`) or the unsaved values of a form (`values`, `id` of the row edited). */
export type PreviewSource = { path: string; id?: number; values?: Record<string, unknown> };

function load(source: PreviewSource, lang: Lang) {
  const options = { timeout: PREVIEW_TIMEOUT, cancelDuplicateRequest: false };
  if (source.values)
    // The body is the form's values (the fields of the design: known at run time only), as a save sends them.
    return call(
      sdk.designedPreview as SdkFn,
      { path: { path: source.path }, query: { lang }, body: { ...source.values, ...(source.id ? { id: source.id } : {}) } },
      options,
    );
  return call(sdk.designedPreviewRow, { path: { path: source.path }, query: { id: source.id ?? 0, lang } }, options);
}

export function RowPreview({ source, onClose }: { source: PreviewSource | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin/common');
  const narrow = useNarrowScreen();
  const [lang, setLang] = useState<Lang>(i18n.language === 'en' ? 'en' : 'zh-cn');
  const [pages, setPages] = useState<Partial<Record<Lang, PreviewPage>>>({});
  const [failed, setFailed] = useState(false);

  useEffect(() => setPages({}), [source]);

  const page = pages[lang];
  useEffect(() => {
    if (!source || page) return;
    let alive = true;
    setFailed(false);
    load(source, lang).then(
      (answer) => alive && setPages((old) => ({ ...old, [lang]: answer.data as PreviewPage })),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [source, lang, page]);

  const link = source?.id ? previewLink(source.path, source.id) : '';
  const copy = () =>
    void navigator.clipboard.writeText(link).then(
      () => notify('success', t('designed.previewLinkCopied')),
      () => notify('error', t('designed.previewLinkNotCopied')),
    );

  return (
    <Modal
      open={source !== null}
      onCancel={onClose}
      title={t('designed.previewTitle')}
      footer={null}
      width={narrow ? '100%' : 1280}
      style={narrow ? { top: 0, maxWidth: '100%', padding: 0 } : { top: 24 }}
      destroyOnHidden
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <Segmented<Lang>
            aria-label={t('designed.previewLanguage')}
            value={lang}
            onChange={setLang}
            options={[
              { value: 'zh-cn', label: '中文' },
              { value: 'en', label: 'English' },
            ]}
          />
          {/* A row not added yet has no address on the site (its id is given by the save). */}
          {page && source?.id ? (
            <Typography.Text type="secondary">{t('designed.previewAddress', { path: page.path })}</Typography.Text>
          ) : null}
        </Space>
        <Alert type="info" showIcon message={source?.values ? t('designed.previewUnsaved') : t('designed.previewSaved')} />
        {link && (
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={link} aria-label={t('designed.previewLink')} onFocus={(e) => e.target.select()} />
            <Button onClick={copy}>{t('designed.copyPreviewLink')}</Button>
          </Space.Compact>
        )}
        {failed ? (
          <Alert type="error" showIcon message={t('designed.previewFailed')} />
        ) : page ? (
          <iframe
            title={t('designed.previewFrame', { lang: lang === 'en' ? 'English' : '中文' })}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={page.html}
            data-lang={lang}
            style={{
              width: '100%',
              height: narrow ? 'calc(100vh - 260px)' : '70vh',
              border: '1px solid rgba(128,128,128,.35)',
              borderRadius: 6,
              background: '#fff',
            }}
          />
        ) : (
          <div style={{ textAlign: 'center', padding: 48 }}>
            <Spin tip={t('designed.previewLoading')}>
              <div style={{ minHeight: 40 }} />
            </Spin>
          </div>
        )}
      </Space>
    </Modal>
  );
}

/** The edit form's Preview button: the form's unsaved values as the public page (an invalid form shows why). */
export function PreviewButton({
  path,
  values,
  row,
}: {
  path: string;
  values: () => Promise<Record<string, unknown> | null>;
  row: { id: number } | null;
}) {
  const { t } = useTranslation('admin/common');
  const [source, setSource] = useState<PreviewSource | null>(null);
  const open = async () => {
    const data = await values();
    if (data) setSource({ path, values: data, id: row?.id });
  };
  return (
    <>
      <Button onClick={() => void open()}>{t('designed.preview')}</Button>
      <RowPreview source={source} onClose={() => setSource(null)} />
    </>
  );
}
