/** A one-line progress report for long seeds: a redrawn bar on a terminal, plain lines otherwise. */
export class ProgressBar {
  private readonly started = performance.now();
  private lastDraw = 0;
  private lastTenth = -1;
  /** A bar line is on screen without its newline yet. */
  private drawn = false;

  constructor(
    private readonly out: NodeJS.WriteStream = process.stderr,
    private readonly label = 'Seeding',
  ) {}

  update = (done: number, total: number): void => {
    const now = performance.now();
    const fraction = total > 0 ? Math.min(1, done / total) : 1;
    if (this.out.isTTY) {
      if (now - this.lastDraw < 100 && done < total) return;
      this.lastDraw = now;
      const width = 30;
      const filled = Math.round(fraction * width);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
      this.out.write(`\r${this.label} [${bar}] ${this.describe(done, total, now)}\u001b[K`);
      this.drawn = true;
      return;
    }
    const tenth = Math.floor(fraction * 10);
    if (tenth === this.lastTenth) return;
    this.lastTenth = tenth;
    this.out.write(`${this.label}: ${this.describe(done, total, now)}\n`);
  };

  finish(): void {
    if (this.drawn) this.out.write('\n');
    this.drawn = false;
  }

  private describe(done: number, total: number, now: number): string {
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const percent = total > 0 ? ((100 * done) / total).toFixed(1) : '100.0';
    const eta = rate > 0 && done < total ? `, ETA ${formatDuration((total - done) / rate)}` : '';
    return `${percent}% ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} (${Math.round(rate).toLocaleString('en-US')}/s${eta})`;
  }
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)}s`;
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m < 60 ? `${m}m ${s}s` : `${Math.floor(m / 60)}h ${m % 60}m`;
}
