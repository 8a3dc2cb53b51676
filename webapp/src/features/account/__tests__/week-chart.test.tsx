import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { weekChartOption } from '../components/week-chart';
import { WeekTable, type WeekSeries } from '../components/week-data';

const days = ['2026-11-18', '2026-11-19', '2026-11-20'];
const series: WeekSeries[] = [
  { label: '余额（元）', color: '#0b5d4b', values: [25.5, -3.2, 0], format: (v) => v.toFixed(2) },
  { label: '积分', color: '#ad6800', values: [120, 0, -20], format: (v) => String(v) },
];

describe('the overview chart', () => {
  it('has a table alternative: a caption, a column per series with its unit, a row per day, signed values', () => {
    render(<WeekTable caption="最近 7 天的余额与积分变动" dayLabel="日期" days={days} series={series} />);
    const table = screen.getByRole('table', { name: '最近 7 天的余额与积分变动' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['日期', '余额（元）', '积分']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('2026-11-18');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['+25.50', '+120'],
      ['-3.20', '0'],
      ['0.00', '-20'],
    ]);
  });

  it('gives yuan and points their own labelled axes, and an axis tooltip with both values', () => {
    const option = weekChartOption(days, series, { text: '#000', muted: '#666', line: '#eee', tooltipBg: '#fff' });
    const axes = option.yAxis as Array<{ name: string; position: string }>;
    expect(axes.map((a) => [a.name, a.position])).toEqual([
      ['余额（元）', 'left'],
      ['积分', 'right'],
    ]);
    const plotted = option.series as Array<{ name: string; yAxisIndex: number; data: number[] }>;
    expect(plotted.map((s) => [s.name, s.yAxisIndex])).toEqual([
      ['余额（元）', 0],
      ['积分', 1],
    ]);
    expect((option.xAxis as { data: string[] }).data).toEqual(['11-18', '11-19', '11-20']);
    const tooltip = option.tooltip as { trigger: string; formatter: (p: unknown) => string };
    expect(tooltip.trigger).toBe('axis');
    const text = tooltip.formatter([
      { axisValueLabel: '11-19', seriesIndex: 0, marker: '•', value: -3.2 },
      { axisValueLabel: '11-19', seriesIndex: 1, marker: '•', value: 5 },
    ]);
    expect(text).toBe('11-19<br/>• 余额（元）: <b>-3.20</b><br/>• 积分: <b>+5</b>');
  });
});
