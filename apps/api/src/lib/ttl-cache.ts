/**
 * Values computed at most once per `ttlMs` per key, for reads that may be that stale (each use
 * documents its bound). Concurrent misses of one key share one computation; failures, and values
 * `keep` turns down, are not kept; past `maxEntries` the oldest entries go first. `update`
 * adjusts a kept value in place and `clear` forgets them all; a computation that was running
 * meanwhile is then not kept (it may predate the change).
 */
export class TtlCache<V> {
  private readonly cached = new Map<string, { value: V; expires: number }>();
  private readonly pending = new Map<string, Promise<V>>();
  /** Bumped by every update and clear: computations started before it are not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
    private readonly keep: (value: V) => boolean = () => true,
  ) {}

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.cached.get(key);
    if (hit && hit.expires > this.now()) return Promise.resolve(hit.value);
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const promise = compute()
      .then((value) => {
        if (generation !== this.generation || !this.keep(value)) return value;
        this.cached.delete(key);
        this.cached.set(key, { value, expires: this.now() + this.ttlMs });
        while (this.cached.size > this.maxEntries) {
          const oldest = this.cached.keys().next().value;
          if (oldest === undefined) break;
          this.cached.delete(oldest);
        }
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  /** Forgets every kept value. */
  clear(): void {
    this.generation += 1;
    this.cached.clear();
  }

  /** Changes the kept value of `key`, if any, without resetting its expiry. */
  update(key: string, change: (value: V) => V): void {
    this.generation += 1;
    const hit = this.cached.get(key);
    if (hit) hit.value = change(hit.value);
  }
}
