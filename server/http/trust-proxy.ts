/**
 * TRUST_PROXY: which proxy may tell us the client's address (X-Forwarded-For), for Fastify's
 * `trustProxy`. Rate limits of anonymous callers count by that address (server/http/protection).
 *
 * - empty (default): off. The socket's address is the client; the header is ignored, because
 *   anyone can send it.
 * - a comma-separated list of proxy addresses or CIDR ranges (`127.0.0.1`, `10.0.0.0/8`,
 *   `::1`), or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`: trust X-Forwarded-For
 *   only from those.
 * `true` (trust everyone) is refused: any client could then choose its own address. So is a hop
 * count: Fastify 5.12 trusts no one for a number (it cannot check the immediate peer), which
 * would silently leave every user in the proxy's bucket.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

export type TrustProxy = false | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export const trustProxySetting = z
  .string()
  .default('')
  .transform((value, ctx): TrustProxy => {
    const text = value.trim();
    if (text === '') return false;
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be empty or the proxy's addresses/CIDR ranges (not: ${bad.join(', ')})`,
        input: value,
      });
      return z.NEVER;
    }
    return entries;
  });
