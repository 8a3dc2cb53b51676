/**
 * The overview's 7-day changes: the series shared by the chart (./week-chart, ECharts, loaded on the
 * overview only) and its accessible alternative, a plain table that is always in the page.
 */
import { SeriesTable } from '../../../components/series-table';

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

/** The data of the chart as a table: one row per day, one column per series, signed values. */
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
  const columns = series.map((s) => ({ label: s.label, values: s.values, format: (v: number) => signed(s.format(v)) }));
  return <SeriesTable caption={caption} dayLabel={dayLabel} days={days} columns={columns} testId="week-table" />;
}
