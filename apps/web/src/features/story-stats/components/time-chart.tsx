import { clsx } from 'clsx';
import { labelEvery } from '../chart-scale';
import { AxisLabels, ChartFrame } from './chart-frame';

export interface TimeSeries {
  label: string;
  values: number[];
  /** Tailwind stroke and fill classes of the line and its area. */
  stroke: string;
  fill?: string;
}

const shortDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthOnly = new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' });

/** Lines (and areas) over the window's days, oldest on the left. */
export function TimeChart({
  days,
  series,
  height,
}: {
  days: string[];
  series: TimeSeries[];
  height?: number;
}) {
  const n = days.length;
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const x = (i: number) => ((i + 0.5) / n) * 1000;
  const labels = days.map((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return n > 60 ? monthOnly.format(date) : shortDay.format(date);
  });
  // A year is labelled once a month, at its first day in the window.
  const show =
    n > 60
      ? (i: number) => i > 0 && days[i]!.endsWith('-01') && n - i > 12
      : labelEvery(n, n > 10 ? 5 : 7);
  return (
    <ChartFrame max={max} height={height} footer={<AxisLabels labels={labels} show={show} />}>
      {(top) => {
        const y = (v: number) => 1000 - (v / top) * 1000;
        return series.map((s) => {
          const points = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
          const line = `M${points.join('L')}`;
          return (
            <g key={s.label}>
              {s.fill ? (
                <path
                  d={`${line}L${x(n - 1).toFixed(1)},1000L${x(0).toFixed(1)},1000Z`}
                  className={clsx(s.fill, 'stroke-none')}
                />
              ) : null}
              <path
                d={line}
                className={clsx(s.stroke, 'fill-none')}
                strokeWidth={2}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
            </g>
          );
        });
      }}
    </ChartFrame>
  );
}
