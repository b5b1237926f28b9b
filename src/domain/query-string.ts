export type QueryValue = string | number | boolean | null | undefined | readonly string[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

/**
 * `?a=1&b=x` from params, dropping empty, null and undefined values (spec §5: empty or null
 * params are dropped from requests). Lists are comma-joined, as the server splits them.
 */
export function buildQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    const value = Array.isArray(raw) ? raw.filter(Boolean).join(',') : raw;
    if (value === null || value === undefined) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    const text = String(value);
    if (text.trim() === '') continue;
    search.append(key, text);
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}
