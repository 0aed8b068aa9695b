/**
 * A number with its thousands grouped as en-US writes them: 12000 → "12,000", -1234.5 →
 * "-1,234.5". Written out rather than `toLocaleString('en-US')`: a page's first Intl call loads
 * the browser's locale data (40–70 ms in Chromium on this machine), a long task in every page
 * that made one while loading (docs/performance.md, "No Intl while a page loads").
 */
export function groupDigits(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}
