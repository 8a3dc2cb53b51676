/** A small SVG bar chart of the last 7 days (no chart library). Bars above the axis are gains. */
export interface Series {
  label: string;
  color: string;
  values: number[];
}

export function scaleBars(values: number[], height: number): Array<{ y: number; h: number }> {
  const max = Math.max(1, ...values.map((v) => Math.abs(v)));
  const mid = height / 2;
  return values.map((v) => {
    const h = (Math.abs(v) / max) * (mid - 4);
    return v >= 0 ? { y: mid - h, h } : { y: mid, h };
  });
}

export function WeekChart({ days, series, title }: { days: string[]; series: Series[]; title: string }) {
  const width = 560;
  const height = 180;
  const plot = height - 24;
  const slot = width / Math.max(1, days.length);
  const barWidth = Math.max(4, (slot - 12) / Math.max(1, series.length));
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} style={{ width: '100%', height: 'auto', maxWidth: width }}>
        <line x1={0} x2={width} y1={plot / 2} y2={plot / 2} stroke="currentColor" strokeOpacity={0.3} />
        {series.map((s, si) =>
          scaleBars(s.values, plot).map((bar, i) => (
            <rect
              key={`${s.label}-${days[i]}`}
              x={i * slot + 6 + si * barWidth}
              y={bar.y}
              width={barWidth - 2}
              height={Math.max(bar.h, 0.5)}
              fill={s.color}
            >
              <title>{`${days[i]} ${s.label}: ${s.values[i]}`}</title>
            </rect>
          )),
        )}
        {days.map((d, i) => (
          <text key={d} x={i * slot + slot / 2} y={height - 6} textAnchor="middle" fontSize={12} fill="currentColor">
            {d.slice(5)}
          </text>
        ))}
      </svg>
      <figcaption style={{ display: 'flex', gap: 16, fontSize: 13 }}>
        {series.map((s) => (
          <span key={s.label}>
            <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, background: s.color, marginRight: 4 }} />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
