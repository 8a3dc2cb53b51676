/**
 * The overview's 7-day changes: the series shared by the chart (./week-chart, ECharts, loaded on the
 * overview only) and its accessible alternative, a plain table that is always in the page.
 */
export interface WeekSeries {
  /** Legend, axis and column name, with its unit ("余额（元）"). */
  label: string;
  color: string;
  values: number[];
  /** How a value is written (money with two decimals). */
  format: (value: number) => string;
}

/** "+12.30" / "-3.00" / "0": a change with its sign. */
export function signed(text: string): string {
  return text.startsWith('-') || Number(text) === 0 ? text : `+${text}`;
}

/** The data of the chart as a table: one row per day, one column per series. */
export function WeekTable({
  caption,
  dayLabel,
  days,
  series,
}: {
  caption: string;
  dayLabel: string;
  days: string[];
  series: WeekSeries[];
}) {
  const cell = { padding: '6px 12px', borderBottom: '1px solid rgba(128,128,128,.25)', textAlign: 'right' as const };
  return (
    <table data-testid="week-table" style={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}>
      <caption style={{ textAlign: 'left', padding: '4px 0 8px', fontWeight: 600 }}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" style={{ ...cell, textAlign: 'left' }}>
            {dayLabel}
          </th>
          {series.map((s) => (
            <th key={s.label} scope="col" style={cell}>
              {s.label}
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
            {series.map((s) => (
              <td key={s.label} style={{ ...cell, fontVariantNumeric: 'tabular-nums' }}>
                {signed(s.format(s.values[i] ?? 0))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
