import type { ReactNode } from 'react';
import { niceTicks } from '../chart-scale';

/**
 * A chart's plot area with its value grid: the marks are an SVG stretched to the box (strokes
 * keep their width), the axis labels are HTML so they keep their size on a phone. Everything
 * in here is decoration for sighted readers: the figure around it carries the text.
 */
export function ChartFrame({
  max,
  height = 180,
  children,
  footer,
}: {
  max: number;
  height?: number;
  children: (top: number) => ReactNode;
  footer?: ReactNode;
}) {
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1]!;
  const format = new Intl.NumberFormat('en', { notation: 'compact' });
  return (
    <div aria-hidden="true" className="select-none">
      <div className="flex gap-2">
        <div
          className="relative w-9 shrink-0 text-right text-[11px] text-muted-foreground"
          style={{ height }}
        >
          {ticks.map((tick) => (
            <span
              key={tick}
              className="absolute right-0 -translate-y-1/2 tabular-nums"
              style={{ top: `${100 - (tick / top) * 100}%` }}
            >
              {format.format(tick)}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1" style={{ height }}>
          {ticks.map((tick) => (
            <div
              key={tick}
              className="absolute inset-x-0 border-t border-border"
              style={{ top: `${100 - (tick / top) * 100}%` }}
            />
          ))}
          <svg
            className="absolute inset-0 size-full overflow-visible"
            viewBox="0 0 1000 1000"
            preserveAspectRatio="none"
            role="presentation"
          >
            {children(top)}
          </svg>
        </div>
      </div>
      {footer ? <div className="ml-11 mt-1.5">{footer}</div> : null}
    </div>
  );
}

/** Labels under a plot, each centred on its slot; those `show` leaves out stay empty. */
export function AxisLabels({
  labels,
  show,
}: {
  labels: string[];
  show: (index: number) => boolean;
}) {
  return (
    <div className="relative h-4 text-[11px] text-muted-foreground">
      {labels.map((label, index) =>
        show(index) ? (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the slot is the key
            key={index}
            className="absolute -translate-x-1/2 whitespace-nowrap tabular-nums"
            style={{ left: `${((index + 0.5) / labels.length) * 100}%` }}
          >
            {label}
          </span>
        ) : null,
      )}
    </div>
  );
}
