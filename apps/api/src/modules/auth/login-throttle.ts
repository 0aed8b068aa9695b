/**
 * Slows password guessing without letting a stranger lock an owner out
 * (docs/decisions/016-accounts-and-sessions.md):
 *
 * - Per account and address: after `freeFailures` wrong passwords from one address for one
 *   account, each further attempt from there waits twice as long as the last (1 s, 2 s, 4 s …
 *   up to `maxDelayMs`). Success clears it.
 * - Per account, from networks the account never signed in from: at most `unknownNetworkFailures`
 *   wrong passwords in `windowMs`; after that only the account's usual networks may try until
 *   the window passes. A guesser spread over many addresses is stopped; the owner at home is not.
 *
 * Counts live in this process's memory, keyed by what was typed (unknown emails too, so the
 * answers do not tell which accounts exist); several processes each keep their own.
 */
export interface LoginThrottleOptions {
  /** RATE_LIMIT_FACTOR: scales how many failures are free (the browser tests raise it). */
  factor?: number;
  freeFailures?: number;
  maxDelayMs?: number;
  unknownNetworkFailures?: number;
  windowMs?: number;
  /** Entries kept at most (the oldest go first). */
  maxEntries?: number;
  now?: () => number;
}

interface Failures {
  count: number;
  first: number;
  last: number;
}

export class LoginThrottle {
  private readonly freeFailures: number;
  private readonly maxDelayMs: number;
  private readonly unknownNetworkFailures: number;
  private readonly windowMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly pairs = new Map<string, Failures>();
  private readonly accounts = new Map<string, Failures>();

  constructor(options: LoginThrottleOptions = {}) {
    const factor = options.factor ?? 1;
    this.freeFailures = Math.round((options.freeFailures ?? 5) * factor);
    this.maxDelayMs = options.maxDelayMs ?? 15 * 60_000;
    this.unknownNetworkFailures = Math.round((options.unknownNetworkFailures ?? 10) * factor);
    this.windowMs = options.windowMs ?? 15 * 60_000;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * How many ms this attempt must still wait (0: go ahead). `usualNetwork` says the account has
   * signed in from the address's network before.
   */
  waitMs(account: string, address: string, usualNetwork: boolean): number {
    const now = this.now();
    const pair = this.fresh(this.pairs, `${account}\n${address}`, now);
    let wait = 0;
    if (pair && pair.count >= this.freeFailures) {
      const delay = Math.min(this.maxDelayMs, 1000 * 2 ** (pair.count - this.freeFailures));
      wait = Math.max(wait, pair.last + delay - now);
    }
    const total = this.fresh(this.accounts, account, now);
    if (!usualNetwork && total && total.count >= this.unknownNetworkFailures) {
      wait = Math.max(wait, total.first + this.windowMs - now);
    }
    return Math.max(0, wait);
  }

  failed(account: string, address: string, usualNetwork: boolean): void {
    const now = this.now();
    this.bump(this.pairs, `${account}\n${address}`, now);
    if (!usualNetwork) this.bump(this.accounts, account, now);
  }

  succeeded(account: string, address: string): void {
    this.pairs.delete(`${account}\n${address}`);
  }

  /** The entry while its window lasts; a stale one is dropped. */
  private fresh(map: Map<string, Failures>, key: string, now: number): Failures | undefined {
    const entry = map.get(key);
    if (entry && now - entry.last > Math.max(this.windowMs, this.maxDelayMs)) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }

  private bump(map: Map<string, Failures>, key: string, now: number): void {
    const entry = this.fresh(map, key, now);
    if (entry && (map !== this.accounts || now - entry.first <= this.windowMs)) {
      entry.count += 1;
      entry.last = now;
      return;
    }
    map.delete(key);
    map.set(key, { count: 1, first: now, last: now });
    if (map.size > this.maxEntries) map.delete(map.keys().next().value!);
  }
}
