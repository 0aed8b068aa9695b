import { clsx } from 'clsx';
import { labelEvery } from '../chart-scale';
import { AxisLabels, ChartFrame } from './chart-frame';

/** One column per item (chapters, in order), with a hover title each. */
export function ColumnChart({
  values,
  labels,
  titles,
  fill,
  height,
  axisLabel,
}: {
  values: number[];
  labels: string[];
  titles: string[];
  fill: string;
  height?: number;
  /** What the items are, said once under their labels. */
  axisLabel?: string;
}) {
  const n = Math.max(1, values.length);
  const slot = 1000 / n;
  const gap = Math.min(slot * 0.25, 24);
  return (
    <ChartFrame
      max={Math.max(0, ...values)}
      height={height}
      footer={
        <>
          <AxisLabels labels={labels} show={labelEvery(labels.length, 12)} />
          {axisLabel ? (
            <p className="mt-1 text-center text-[11px] text-muted-foreground">{axisLabel}</p>
          ) : null}
        </>
      }
    >
      {(top) =>
        values.map((value, i) => {
          const h = (value / top) * 1000;
          return (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: one column per position
              key={i}
              x={i * slot + gap / 2}
              width={slot - gap}
              y={1000 - h}
              height={h}
              rx={0}
              className={clsx(fill)}
            >
              <title>{titles[i]}</title>
            </rect>
          );
        })
      }
    </ChartFrame>
  );
}
