export interface TtlCacheOptions<V> {
  ttlMs: number;
  /** Entries kept at once (default: no bound by count). */
  maxEntries?: number;
  /** What `sizeOf` adds up to over the kept entries (default: no bound by size). */
  maxBytes?: number;
  /** The size of a value, in bytes, for `maxBytes`: a value above it is not kept. */
  sizeOf?: (value: V) => number;
  now?: () => number;
  /** Whether a computed value is kept at all (default: every one). */
  keep?: (value: V) => boolean;
}

interface Kept<V> {
  value: V;
  expires: number;
  bytes: number;
}

/**
 * Values computed at most once per `ttlMs` per key, for reads that may be that stale (each use
 * documents its bound). Concurrent misses of one key share one computation; failures, and values
 * `keep` turns down, are not kept; past `maxEntries` entries or `maxBytes` bytes the least
 * recently stored go first. `update` adjusts a kept value in place and `clear` forgets them
 * all; a computation that was running meanwhile is then not kept (it may predate the change).
 */
export class TtlCache<V> {
  private readonly cached = new Map<string, Kept<V>>();
  private readonly pending = new Map<string, Promise<V>>();
  /** Bumped by every update and clear: computations started before it are not kept. */
  private generation = 0;
  private bytes = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly sizeOf: (value: V) => number;
  private readonly now: () => number;
  private readonly keep: (value: V) => boolean;

  constructor(options: TtlCacheOptions<V>) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? Number.POSITIVE_INFINITY;
    this.maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.sizeOf = options.sizeOf ?? (() => 0);
    this.now = options.now ?? Date.now;
    this.keep = options.keep ?? (() => true);
  }

  /** Bytes held by the kept values, as `sizeOf` measures them. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.cached.size, bytes: this.bytes };
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.cached.get(key);
    if (hit && hit.expires > this.now()) return Promise.resolve(hit.value);
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const promise = compute()
      .then((value) => {
        if (generation === this.generation && this.keep(value)) this.store(key, value);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  private store(key: string, value: V): void {
    this.remove(key);
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.cached.set(key, { value, expires: this.now() + this.ttlMs, bytes });
    this.bytes += bytes;
    while (this.cached.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.cached.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const kept = this.cached.get(key);
    if (!kept) return;
    this.cached.delete(key);
    this.bytes -= kept.bytes;
  }

  /** Forgets the kept value of `key`; a computation of it running meanwhile is not kept. */
  delete(key: string): void {
    this.generation += 1;
    this.remove(key);
  }

  /** Forgets every kept value. */
  clear(): void {
    this.generation += 1;
    this.cached.clear();
    this.bytes = 0;
  }

  /** Changes the kept value of `key`, if any, without resetting its expiry. */
  update(key: string, change: (value: V) => V): void {
    this.generation += 1;
    const hit = this.cached.get(key);
    if (!hit) return;
    hit.value = change(hit.value);
    const bytes = this.sizeOf(hit.value);
    this.bytes += bytes - hit.bytes;
    hit.bytes = bytes;
  }
}
