/**
 * A chart's data as a table (its accessible alternative): a caption, one row per day, one column per
 * series with its unit in the header. On a narrow screen the table scrolls inside its own region
 * (focusable, so the keyboard can scroll it) instead of widening the page.
 */
import type { CSSProperties } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Under a chart of days: in which time zone a day is counted (the company's, whatever the browser's). */
export function CompanyDaysNote() {
  const { t } = useTranslation('general');
  return (
    <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 13 }}>
      {t('companyDays')}
    </Typography.Paragraph>
  );
}

export interface SeriesColumn {
  /** Column name, with its unit ("余额（元）"). */
  label: string;
  values: number[];
  /** How a value is written (default: as is). */
  format?: (value: number) => string;
}

export function SeriesTable({
  caption,
  dayLabel,
  days,
  columns,
  testId,
}: {
  caption: string;
  dayLabel: string;
  days: string[];
  columns: SeriesColumn[];
  testId?: string;
}) {
  const cell: CSSProperties = {
    padding: '6px 12px',
    borderBottom: '1px solid rgba(128,128,128,.25)',
    textAlign: 'right',
    whiteSpace: 'nowrap',
  };
  return (
    <div role="region" aria-label={caption} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      <table data-testid={testId} style={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}>
        <caption style={{ textAlign: 'left', padding: '4px 0 8px', fontWeight: 600 }}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" style={{ ...cell, textAlign: 'left' }}>
              {dayLabel}
            </th>
            {columns.map((c) => (
              <th key={c.label} scope="col" style={cell}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day}>
              <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
                {day}
              </th>
              {columns.map((c) => (
                <td key={c.label} style={{ ...cell, fontVariantNumeric: 'tabular-nums' }}>
                  {(c.format ?? String)(c.values[i] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
