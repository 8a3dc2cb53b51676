/**
 * One Apache ECharts chart (SVG renderer) of a given option: created on mount, resized with its box,
 * disposed on unmount, and redrawn when the option changes (so colours that follow the antd theme
 * follow light/dark). ECharts is modular: the module that renders this registers the chart types and
 * components its options use (`echarts.use([...])`) and is itself loaded lazily, so the library stays
 * out of every first load (DESIGN §5). The box is an image for screen readers, named by `label`; the
 * page gives the data in text too (a table or a list beside the chart).
 */
import { useEffect, useRef } from 'react';
import { init, type EChartsCoreOption, type ECharts } from 'echarts/core';

export function EChart({ option, label, height, testId }: { option: EChartsCoreOption; label: string; height: number; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  useEffect(() => {
    if (!box.current) return undefined;
    const instance = init(box.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return <div ref={box} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />;
}
