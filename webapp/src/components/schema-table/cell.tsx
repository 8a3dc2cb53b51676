/** How a list cell shows its value (./schema ColumnRender), in the table and in the phone cards alike. */
import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import { formatBytes } from '../../lib/bytes';
import type { Row } from '../../lib/table-api';
import { timeFormat } from '../../lib/time';
import type { Translate } from '../../lib/validators';
import { CityNames } from '../city-cascader';
import type { ColumnSchema, TableConfig } from './schema';

/** Characters beyond which a table cell's text wraps (see the default case below). */
const LONG_TEXT = 24;
/** Characters of a text column shown in a cell (the rest in its tooltip); the CSV has it all. */
const CELL_TEXT = 120;

/** The content of `col`'s cell in `row`; a page's own `cells[col.key]` comes first. In a phone card
 * (`card`) long code wraps over up to three lines and can be expanded. */
export function cellContent(col: ColumnSchema, row: Row, config: Pick<TableConfig, 'cells'>, t: Translate, card = false): ReactNode {
  const custom = config.cells?.[col.key];
  if (custom) return custom(row);
  const value = row[col.key];
  if (col.text) {
    const text = col.text(value, row);
    if (!text) return '-';
    const shown = text.length > CELL_TEXT ? `${text.slice(0, CELL_TEXT)}…` : text;
    return card || shown.length <= LONG_TEXT ? (
      <span title={shown === text ? undefined : text}>{shown}</span>
    ) : (
      <span
        title={shown === text ? undefined : text}
        style={{ display: 'inline-block', minWidth: 160, maxWidth: 320, whiteSpace: 'normal' }}
      >
        {shown}
      </span>
    );
  }
  const option = col.options?.find((o) => String(o.value) === String(value));
  switch (col.render) {
    case 'time':
      return timeFormat(value as string | number | null);
    case 'status':
      return <Tag color={value === 'enable' ? 'success' : 'default'}>{value === 'enable' ? t('common.enable') : t('common.disable')}</Tag>;
    case 'yesno':
      return value ? t('common.yes') : t('common.no');
    case 'tag':
      return <Tag>{option?.label ?? String(value ?? '')}</Tag>;
    case 'tags':
      // Wrapped within a bounded width: a long list (a rule's dozen fields) would otherwise widen the table
      // until its tags pass under the fixed actions column.
      return (
        <span style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4, maxWidth: 480 }}>
          {(value as unknown[] | undefined)?.map((v) => (
            <Tag key={String(v)}>{col.options?.find((o) => String(o.value) === String(v))?.label ?? String(v)}</Tag>
          ))}
        </span>
      );
    case 'image':
      return value ? <img src={String(value)} alt="" style={{ width: 32, height: 32, objectFit: 'cover' }} /> : '-';
    case 'images': {
      const urls = Array.isArray(value) ? (value as string[]) : [];
      return urls.length
        ? urls
            .slice(0, 3)
            .map((url) => <img key={url} src={url} alt="" style={{ width: 32, height: 32, objectFit: 'cover', marginInlineEnd: 4 }} />)
        : '-';
    }
    case 'color':
      return value ? (
        <span>
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 12,
              height: 12,
              marginInlineEnd: 6,
              background: String(value),
              border: '1px solid #d9d9d9',
              verticalAlign: 'middle',
            }}
          />
          {String(value)}
        </span>
      ) : (
        '-'
      );
    case 'city':
      return <CityNames codes={Array.isArray(value) ? (value as string[]) : []} />;
    case 'bytes':
      return typeof value === 'number' ? formatBytes(value) : '-';
    case 'code':
      return card ? (
        <Typography.Paragraph code ellipsis={{ rows: 3, expandable: 'collapsible' }} style={{ margin: 0, wordBreak: 'break-all' }}>
          {String(value ?? '')}
        </Typography.Paragraph>
      ) : (
        <Typography.Text code ellipsis style={{ maxWidth: 320 }}>
          {String(value ?? '')}
        </Typography.Text>
      );
    default: {
      const text = option?.label ?? (value === null || value === undefined || value === '' ? '-' : String(value));
      // In the table (which is as wide as its content) a long text wraps within 320 px instead of pushing the
      // other columns out of sight; the phone cards wrap by themselves.
      return !card && typeof text === 'string' && text.length > LONG_TEXT ? (
        <span style={{ display: 'inline-block', minWidth: 160, maxWidth: 320, whiteSpace: 'normal' }}>{text}</span>
      ) : (
        text
      );
    }
  }
}
