/**
 * The dashboard's charts as its first screen draws them: plain SVG drawn here (no chart library), from
 * the same data, colours and layout as the ECharts charts of ./dashboard-charts. ECharts (~170 KB gzip)
 * is loaded only when the admin points at a chart, for its tooltips (`ChartBox`), so the back office's
 * first screen — login → dashboard drawn — stays within DESIGN §5's 450 KB. The box is an image for
 * screen readers, named by `label`; the page gives the data in text too (the table, the list).
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ChartColors, DashboardChartOption, StorageSlice, TrendLine } from './dashboard-data';
import { shortDate } from './dashboard-data';

const DashboardChart = lazy(() => import('./dashboard-charts'));

/** The width of a box, followed as it resizes (0 until measured). */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [box, width];
}

/**
 * A chart drawn first by `light` (SVG) and by ECharts from `option` once the pointer has been on it
 * (the light drawing stays while ECharts loads).
 */
export function ChartBox({
  option,
  label,
  height,
  testId,
  light,
}: {
  option: DashboardChartOption;
  label: string;
  height: number;
  testId: string;
  light: (width: number) => ReactNode;
}) {
  const [box, width] = useWidth();
  const [rich, setRich] = useState(false);
  const drawn = (
    <div ref={box} role="img" aria-label={label} data-testid={testId} data-light-chart="" style={{ width: '100%', height }}>
      {width > 0 && light(width)}
    </div>
  );
  return (
    <div onPointerEnter={() => setRich(true)}>
      {rich ? (
        <Suspense fallback={drawn}>
          <DashboardChart option={option} label={label} height={height} testId={testId} />
        </Suspense>
      ) : (
        drawn
      )}
    </div>
  );
}

/** A step of whole numbers (1, 2, 5 × 10ⁿ) giving about `count` intervals up to `max`. */
function niceStep(max: number, count: number): number {
  const raw = Math.max(1, max / count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return Math.max(1, Math.ceil(step));
}

const FONT = 12;

/** The trend: one line per shown series over the days, whole numbers on one labelled axis. */
export function LightTrend({
  width,
  height,
  dates,
  lines,
  yName,
  colors,
}: {
  width: number;
  height: number;
  dates: string[];
  lines: TrendLine[];
  yName: string;
  colors: ChartColors;
}) {
  const max = Math.max(0, ...lines.flatMap((l) => l.values));
  const step = niceStep(max, 4);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const left = 12 + Math.max(...ticks.map((t) => String(t).length)) * 7;
  const area = { left, right: width - 16, top: 36, bottom: height - 8 - FONT - 8 };
  const plotWidth = Math.max(1, area.right - area.left);
  const x = (i: number) => area.left + (dates.length <= 1 ? plotWidth / 2 : (i * plotWidth) / (dates.length - 1));
  const y = (v: number) => area.bottom - (v / top) * (area.bottom - area.top);
  const every = Math.max(1, Math.ceil(dates.length / Math.max(1, Math.floor(plotWidth / 48))));
  return (
    <svg width={width} height={height} aria-hidden style={{ display: 'block' }}>
      <text x={area.left} y={area.top - 14} fill={colors.muted} fontSize={FONT}>
        {yName}
      </text>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={area.left} x2={area.right} y1={y(t)} y2={y(t)} stroke={colors.line} />
          <text x={area.left - 8} y={y(t) + 4} fill={colors.muted} fontSize={FONT} textAnchor="end">
            {t}
          </text>
        </g>
      ))}
      <line x1={area.left} x2={area.right} y1={area.bottom} y2={area.bottom} stroke={colors.line} />
      {dates.map((d, i) =>
        i % every === 0 ? (
          <text key={d} x={x(i)} y={height - 8} fill={colors.muted} fontSize={FONT} textAnchor="middle">
            {shortDate(d)}
          </text>
        ) : null,
      )}
      {lines.map((l) => {
        const points = l.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
        if (points.length === 0) return null;
        const path = `M${points.join('L')}`;
        return (
          <g key={l.name}>
            <path
              d={`${path}L${x(l.values.length - 1).toFixed(1)},${area.bottom}L${area.left},${area.bottom}Z`}
              fill={l.color}
              opacity={0.08}
            />
            <path d={path} fill="none" stroke={l.color} strokeWidth={2} strokeLinejoin="round" />
            {dates.length <= 7 &&
              l.values.map((v, i) => <circle key={i} cx={x(i)} cy={y(v)} r={3} fill={colors.surface} stroke={l.color} strokeWidth={2} />)}
          </g>
        );
      })}
    </svg>
  );
}

/** The storage donut: a slice per kind of file, sized by bytes (largest first, from the top). */
export function LightDonut({
  width,
  height,
  slices,
  palette,
  colors,
}: {
  width: number;
  height: number;
  slices: StorageSlice[];
  palette: string[];
  colors: ChartColors;
}) {
  const total = slices.reduce((sum, s) => sum + s.bytes, 0);
  const cx = width / 2;
  const cy = height / 2;
  const outer = (Math.min(width, height) / 2) * 0.78;
  const inner = (Math.min(width, height) / 2) * 0.52;
  const point = (radius: number, angle: number) =>
    `${(cx + radius * Math.sin(angle)).toFixed(2)},${(cy - radius * Math.cos(angle)).toFixed(2)}`;
  // Where each slice starts: the sum of the sweeps before it.
  const sweeps = slices.map((s) => (total > 0 ? (s.bytes / total) * 2 * Math.PI : 0));
  const starts = sweeps.map((_, i) => sweeps.slice(0, i).reduce((sum, v) => sum + v, 0));
  return (
    <svg width={width} height={height} aria-hidden style={{ display: 'block' }}>
      {slices.map((s, i) => {
        const sweep = sweeps[i];
        const from = starts[i];
        if (sweep <= 0) return null;
        const color = palette[i % palette.length];
        if (sweep >= 2 * Math.PI - 1e-6) {
          // One kind holds everything: a ring (two half arcs each way).
          const ring = `M${point(outer, 0)}A${outer},${outer} 0 1 1 ${point(outer, Math.PI)}A${outer},${outer} 0 1 1 ${point(outer, 0)}ZM${point(inner, 0)}A${inner},${inner} 0 1 0 ${point(inner, Math.PI)}A${inner},${inner} 0 1 0 ${point(inner, 0)}Z`;
          return <path key={s.kind} d={ring} fill={color} fillRule="evenodd" />;
        }
        const to = from + sweep;
        const large = sweep > Math.PI ? 1 : 0;
        const d = `M${point(outer, from)}A${outer},${outer} 0 ${large} 1 ${point(outer, to)}L${point(inner, to)}A${inner},${inner} 0 ${large} 0 ${point(inner, from)}Z`;
        return <path key={s.kind} d={d} fill={color} stroke={colors.surface} strokeWidth={2} strokeLinejoin="round" />;
      })}
    </svg>
  );
}
