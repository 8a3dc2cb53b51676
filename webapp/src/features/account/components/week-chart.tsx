/**
 * The overview's 7-day chart (Apache ECharts, modular: bar + line, grid, tooltip, legend, SVG renderer —
 * this module is loaded lazily, on the overview only). Each series has its own labelled value axis (yuan on
 * the left as bars, points on the right as a line), so the two units never share a scale; the tooltip
 * shows both values of a day. Colours and text follow the antd theme (light/dark).
 */
import { useMemo } from 'react';
import { theme } from 'antd';
import * as echarts from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { EChart } from '../../../components/echart';
import { signed, type WeekSeries } from './week-data';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type WeekChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

interface Colors {
  text: string;
  muted: string;
  line: string;
  tooltipBg: string;
}

/** The chart's option: the first series as bars on the left axis, the second as a line on the right. */
export function weekChartOption(days: string[], series: WeekSeries[], colors: Colors): WeekChartOption {
  const axisName = { color: colors.muted, fontSize: 12 };
  return {
    backgroundColor: 'transparent',
    textStyle: { color: colors.text },
    color: series.map((s) => s.color),
    legend: { top: 0, textStyle: { color: colors.text } },
    grid: { left: 8, right: 8, top: 56, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      backgroundColor: colors.tooltipBg,
      borderColor: colors.line,
      textStyle: { color: colors.text },
      formatter: (params: unknown) => {
        const items = params as Array<{ axisValueLabel: string; seriesIndex: number; marker: string; value: number }>;
        const head = items[0]?.axisValueLabel ?? '';
        const rows = items.map(
          (p) => `${p.marker} ${series[p.seriesIndex].label}: <b>${signed(series[p.seriesIndex].format(p.value))}</b>`,
        );
        return [head, ...rows].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: days.map((d) => d.slice(5)),
      axisLabel: { color: colors.muted },
      axisLine: { lineStyle: { color: colors.line } },
    },
    yAxis: series.map((s, i) => ({
      type: 'value',
      name: s.label,
      nameTextStyle: { ...axisName, align: i === 0 ? 'left' : 'right' },
      position: i === 0 ? 'left' : 'right',
      axisLabel: { color: colors.muted },
      splitLine: { show: i === 0, lineStyle: { color: colors.line } },
    })),
    series: series.map((s, i) =>
      i === 0
        ? { type: 'bar', name: s.label, yAxisIndex: 0, data: s.values, barMaxWidth: 28, itemStyle: { borderRadius: [3, 3, 0, 0] } }
        : { type: 'line', name: s.label, yAxisIndex: i, data: s.values, symbolSize: 7, lineStyle: { width: 2 } },
    ),
  };
}

export function WeekChart({ days, series, label }: { days: string[]; series: WeekSeries[]; label: string }) {
  const { token } = theme.useToken();
  const { colorText, colorTextSecondary, colorBorderSecondary, colorBgElevated } = token;
  const option = useMemo(
    () =>
      weekChartOption(days, series, { text: colorText, muted: colorTextSecondary, line: colorBorderSecondary, tooltipBg: colorBgElevated }),
    [days, series, colorText, colorTextSecondary, colorBorderSecondary, colorBgElevated],
  );
  return <EChart option={option} label={label} height={280} testId="week-chart" />;
}

export default WeekChart;
