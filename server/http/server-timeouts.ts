/**
 * How long a client may take to send its request (issue 23: a connection that sent the headers
 * of a POST and never its body stayed open for minutes; Fastify's defaults turn Node's request
 * timeout off).
 *
 * - Idle (HTTP_IDLE_TIMEOUT_MS, default 30 s): a connection on which no byte moves for this long
 *   is closed. Headers-then-nothing is caught here. A live upload, however slow, keeps moving.
 * - Whole request (HTTP_REQUEST_TIMEOUT_MS, default 120 s): headers and body must have arrived
 *   by then (answered 408), so trickling a byte at a time cannot hold a connection either. The
 *   largest body is a CV (spec §9: at most 2 MB) through PUT /storage; the app gives up on an
 *   upload after 60 s (UPLOAD_TIMEOUT_MS, src/lib/outbox/model.ts) and retries, so 120 s is
 *   twice what the client itself waits (2 MB in 120 s is ~140 kbit/s, a weak 3G uplink).
 * - Headers (20 s, or the request timeout if shorter): a request line and headers are one
 *   packet for any real client.
 * Node checks the request and header limits on a timer (30 s by default, which would let a
 * connection overstay by that much): it is set to a quarter of the shortest limit, at most 1 s.
 */
import type { ServerOptions } from 'node:http';

const HEADERS_TIMEOUT_MS = 20_000;

export interface ServerTimeouts {
  connectionTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
}

export function serverTimeouts({
  requestTimeoutMs,
  idleTimeoutMs,
}: {
  requestTimeoutMs: number;
  idleTimeoutMs: number;
}): ServerTimeouts {
  const headersTimeout = Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs);
  return {
    connectionTimeout: idleTimeoutMs,
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
  };
}
