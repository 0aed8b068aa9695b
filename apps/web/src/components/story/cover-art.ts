/** A deterministic pair of hues for a story without a cover: the same story always looks the same. */
export function coverHues(seed: string): [number, number] {
  let hash = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  const first = Math.abs(hash) % 360;
  return [first, (first + 40 + (Math.abs(hash >> 9) % 80)) % 360];
}
