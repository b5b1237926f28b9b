/**
 * Whole numbers with Indian digit grouping ("50,000", "1,23,456"), as `toLocaleString('en-IN')`
 * writes them, without Intl: the first Intl number format in a page loads its locale data,
 * ~15 ms on a desktop core and ~60 ms on a phone's slowed one, on the listing's start-up path
 * (measured 2026-11-24, issue 24). Numbers with a fraction keep it after the grouped part.
 */
export function groupDigits(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  if (whole.includes('e')) return String(value);
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  const grouped = rest ? `${rest},${last3}` : last3;
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}
