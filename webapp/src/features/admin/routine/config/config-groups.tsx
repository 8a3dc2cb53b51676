/**
 * The `config_group` item of the Basics tab (functions/services/config_items): the config groups (the
 * page's tabs) as rows of name, Chinese title and English title, added and removed here and saved with
 * the tab, as BuildAdmin offers. A saved group's name stays as it is (its items are filed under it); a
 * group that still has items cannot be removed — its button is disabled and says why, and the server
 * refuses it too.
 */
import { Button, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../../../lib/validators';

export interface GroupRow {
  name: string;
  title: string;
  title_en: string;
}

const NAME = /^[a-z][a-z0-9_]{0,29}$/;
export const MAX_GROUPS = 20;
const TITLE_MAX = 30;

/** A row's inputs: the column's title (text keys) and each input's name, which says its row. */
const COLUMNS: { key: keyof GroupRow; title: string; inputLabel: string; maxLength: number }[] = [
  { key: 'name', title: 'config.name', inputLabel: 'config.groupNameOf', maxLength: 30 },
  { key: 'title', title: 'config.groupTitleZh', inputLabel: 'config.groupTitleZhOf', maxLength: TITLE_MAX },
  { key: 'title_en', title: 'config.groupTitleEn', inputLabel: 'config.groupTitleEnOf', maxLength: TITLE_MAX },
];

/** The first problem of a list of groups (as the server checks it), or null. */
export function groupsProblem(rows: GroupRow[], t: Translate): string | null {
  if (rows.length === 0 || rows.length > MAX_GROUPS) return t('config.groupsCount', { count: MAX_GROUPS });
  const seen = new Set<string>();
  for (const row of rows) {
    if (!NAME.test(row.name)) return t('config.groupName');
    if (seen.has(row.name)) return t('config.groupTwice', { name: row.name });
    seen.add(row.name);
    if (!row.title.trim() || row.title.length > TITLE_MAX || row.title_en.length > TITLE_MAX)
      return t('config.groupTitle', { count: TITLE_MAX });
  }
  return null;
}

export function ConfigGroupsInput({
  id,
  value,
  onChange,
  saved,
}: {
  id?: string;
  value?: GroupRow[];
  onChange?: (rows: GroupRow[]) => void;
  /** Groups as the server has them: name → number of items. */
  saved: Record<string, number>;
}) {
  const { t, i18n } = useTranslation('admin/common');
  const en = i18n.language === 'en';
  const rows = value ?? [];
  const set = (index: number, patch: Partial<GroupRow>) => onChange?.(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div id={id} role="group" aria-label={t('config.groups')} style={{ display: 'grid', gap: 8 }}>
      {/* Column titles for the eye; each field is named for screen readers. */}
      <div aria-hidden style={{ display: 'flex', gap: 8, fontSize: 12, opacity: 0.65 }}>
        {COLUMNS.map(({ title }) => (
          <span key={title} style={{ flex: '1 1 88px', minWidth: 0 }}>
            {t(title)}
          </span>
        ))}
        <span style={{ width: 32, flex: 'none' }} />
      </div>
      {rows.map((row, index) => {
        const items = saved[row.name] ?? 0;
        const label = (en && row.title_en) || row.title || row.name || String(index + 1);
        const blocked = items > 0;
        return (
          <div key={index} data-group-row={row.name} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            {COLUMNS.map(({ key, title, inputLabel, maxLength }) => (
              <Input
                key={key}
                aria-label={t(inputLabel, { n: index + 1 })}
                placeholder={t(title)}
                value={row[key]}
                // A saved group's items are filed under its name: it is not renamed.
                disabled={key === 'name' ? row.name in saved : undefined}
                maxLength={maxLength}
                onChange={(e) => set(index, { [key]: key === 'name' ? e.target.value.trim() : e.target.value })}
                style={{ flex: '1 1 88px', minWidth: 0 }}
              />
            ))}
            <Button
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('config.removeGroup', { title: label })}
              aria-describedby={blocked ? `${id ?? 'config-group'}-${index}-items` : undefined}
              title={blocked ? t('config.groupHasItems') : t('config.removeGroup', { title: label })}
              disabled={blocked}
              onClick={() => onChange?.(rows.filter((_, i) => i !== index))}
            />
            {blocked && (
              // The disabled button's description (for screen readers); the field's help says it to everyone.
              <span id={`${id ?? 'config-group'}-${index}-items`} hidden>
                {t('config.groupHasItems')}
              </span>
            )}
          </div>
        );
      })}
      {rows.length < MAX_GROUPS && (
        <div>
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => onChange?.([...rows, { name: '', title: '', title_en: '' }])}
          >
            {t('config.addGroup')}
          </Button>
        </div>
      )}
    </div>
  );
}
