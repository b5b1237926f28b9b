/**
 * The origin put into absolute URLs the server hands out (signed upload and download links,
 * sign-in return URLs): PUBLIC_ORIGIN when set, otherwise the address this server listens on
 * (`http://localhost:<port>` for a wildcard or loopback address, the address itself for one
 * interface). Never the request's Host header: any client can send any Host, and a link or a
 * sign-in redirect built from it would point wherever the client chose (issue 23 item 8).
 */
import type { FastifyInstance } from 'fastify';
import { isIP } from 'node:net';

const WILDCARD_OR_LOOPBACK = /^(0\.0\.0\.0|::|127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function hostOf(address: string): string {
  if (WILDCARD_OR_LOOPBACK.test(address)) return 'localhost';
  return isIP(address) === 6 ? `[${address}]` : address;
}

export function serverOrigin(app: FastifyInstance, configured: string): string {
  if (configured) return configured.replace(/\/$/, '');
  const address = app.server.address();
  // Not listening (tests through inject): no port to name.
  if (!address || typeof address !== 'object') return 'http://localhost';
  return `http://${hostOf(address.address)}:${address.port}`;
}
