/**
 * The top of a chart's value axis and its ticks: a "nice" step (1, 2 or 5 × 10^n) so the grid
 * reads at a glance, with at least `max` on the axis and never fewer than one step.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= rough) ??
    10 * magnitude;
  const whole = Math.max(1, Math.round(step));
  const top = Math.ceil(max / whole) * whole;
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += whole) ticks.push(value);
  return ticks;
}

/** Which of `n` labels to print so that about `room` fit: every k-th, the last always. */
export function labelEvery(n: number, room: number): (index: number) => boolean {
  const every = Math.max(1, Math.ceil(n / Math.max(1, room)));
  return (index) => index === n - 1 || (index % every === 0 && n - 1 - index >= every / 2);
}

/** The chapter where the most readers stop: the largest fall from one chapter to the next. */
export function steepestDrop(readers: number[]): { index: number; lost: number } | null {
  let best: { index: number; lost: number } | null = null;
  for (let i = 1; i < readers.length; i += 1) {
    const lost = readers[i - 1]! - readers[i]!;
    if (lost > 0 && (best === null || lost > best.lost)) best = { index: i, lost };
  }
  return best;
}
