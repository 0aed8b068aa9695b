/**
 * Deterministic randomness for the seed data. Every entity (user, story, follow list) gets its
 * own generator derived from (seed, stream, index), so any entity can be regenerated on its own
 * and the content never depends on batch sizes or on the order work was done in.
 */

/** A 32-bit integer hash with good avalanche (the MurmurHash3 finalizer). */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Combines a seed, a stream number and an index into one generator seed. */
export function deriveSeed(seed: number, stream: number, index: number): number {
  return mix32(mix32(mix32(seed) ^ Math.imul(stream, 0x9e3779b1)) ^ index);
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  static for(seed: number, stream: number, index: number): Rng {
    return new Rng(deriveSeed(seed, stream, index));
  }

  /** mulberry32: a uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by relative weights (parallel to `items`). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i]!;
      if (r < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  }

  /** Log-uniform in [min, max]: most values small, a long tail of large ones. */
  logUniform(min: number, max: number): number {
    return min * Math.exp(this.next() * Math.log(max / min));
  }

  /** An index in [0, n) skewed towards 0 (larger `power` skews harder). */
  skewed(n: number, power: number): number {
    return Math.min(n - 1, Math.floor(this.next() ** power * n));
  }

  /** Up to `count` distinct items, in pick order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice();
    const out: T[] = [];
    for (let i = 0; i < count && pool.length > 0; i++) {
      const j = Math.floor(this.next() * pool.length);
      out.push(pool[j]!);
      pool[j] = pool[pool.length - 1]!;
      pool.pop();
    }
    return out;
  }

  /** `chars` lower-case hex characters. */
  hex(chars: number): string {
    let out = '';
    while (out.length < chars)
      out += Math.floor(this.next() * 0x10000)
        .toString(16)
        .padStart(4, '0');
    return out.slice(0, chars);
  }
}
