/**
 * The dashboard's data shaped for its charts and their text alternatives, kept pure for unit tests:
 * the trend's lines (label, colour, whether shown), the ECharts options of the trend (lines, one
 * scale of whole numbers) and of storage by kind of file (a donut), and the table rows both share.
 * Only types come from ECharts here: the library itself is loaded with ./dashboard-charts.
 */
import type { ComposeOption } from 'echarts/core';
import type { LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { DashboardStorageKind, DashboardTrend } from './api';

export type DashboardChartOption = ComposeOption<LineSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption>;

export interface ChartColors {
  text: string;
  muted: string;
  line: string;
  tooltipBg: string;
  /** The background the donut's slices are separated by. */
  surface: string;
}

export interface TrendLine {
  name: string;
  label: string;
  color: string;
  values: number[];
  complete: boolean;
}

/** Series shown until the admin hides them; back-office actions (another order of size) start hidden. */
export const HIDDEN_AT_FIRST = ['admin_actions'];

/** The trend's series with their labels and colours (in the order the server gives them). */
export function trendLines(trend: DashboardTrend, label: (name: string) => string, palette: string[]): TrendLine[] {
  return trend.series.map((s, i) => ({
    name: s.name,
    label: label(s.name),
    color: palette[i % palette.length],
    values: s.values,
    complete: s.complete,
  }));
}

/** A Unix time (seconds) as "MM-DD HH:mm" in the browser's time zone. */
export function shortTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** "2026-05-09" → "05-09". */
export const shortDate = (date: string): string => date.slice(5);

const tooltip = (colors: ChartColors): TooltipComponentOption => ({
  backgroundColor: colors.tooltipBg,
  borderColor: colors.line,
  textStyle: { color: colors.text },
});

/** The trend chart: one line per shown series over the days, whole numbers on one labelled axis. */
export function trendOption(dates: string[], lines: TrendLine[], yName: string, colors: ChartColors): DashboardChartOption {
  return {
    backgroundColor: 'transparent',
    textStyle: { color: colors.text },
    color: lines.map((l) => l.color),
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', ...tooltip(colors) },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: dates.map(shortDate),
      axisLabel: { color: colors.muted, hideOverlap: true },
      axisLine: { lineStyle: { color: colors.line } },
    },
    yAxis: {
      type: 'value',
      name: yName,
      nameTextStyle: { color: colors.muted, align: 'left' },
      minInterval: 1,
      axisLabel: { color: colors.muted },
      splitLine: { lineStyle: { color: colors.line } },
    },
    series: lines.map((l) => ({
      type: 'line',
      name: l.label,
      data: l.values,
      showSymbol: dates.length <= 7,
      symbolSize: 6,
      lineStyle: { width: 2 },
      areaStyle: { opacity: 0.08 },
      emphasis: { focus: 'series' },
    })),
  };
}

export interface StorageSlice {
  kind: string;
  label: string;
  bytes: number;
  files: number;
  /** The share of all bytes, 0–100, one decimal. */
  percent: number;
}

/** The kinds of file with their labels and shares of the bytes (largest first, as the server sends). */
export function storageSlices(kinds: DashboardStorageKind[], label: (kind: string) => string): StorageSlice[] {
  const total = kinds.reduce((sum, k) => sum + k.bytes, 0);
  return kinds.map((k) => ({
    kind: k.kind,
    label: label(k.kind),
    bytes: k.bytes,
    files: k.files,
    percent: total > 0 ? Math.round((k.bytes / total) * 1000) / 10 : 0,
  }));
}

/** The storage donut: a slice per kind of file, sized by bytes; the tooltip gives size, share and files. */
export function storageOption(
  slices: StorageSlice[],
  palette: string[],
  colors: ChartColors,
  describe: (slice: StorageSlice) => string,
): DashboardChartOption {
  return {
    backgroundColor: 'transparent',
    color: palette,
    tooltip: {
      trigger: 'item',
      ...tooltip(colors),
      formatter: (params: unknown) => describe(slices[(params as { dataIndex: number }).dataIndex]),
    },
    series: [
      {
        type: 'pie',
        radius: ['52%', '78%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: colors.surface, borderWidth: 2, borderRadius: 4 },
        label: { show: false },
        data: slices.map((s) => ({ name: s.label, value: s.bytes })),
      },
    ],
  };
}
