import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A reverse proxy in front of the real server that makes the network hostile for the outbox
 * chaos test: while faults are on, a share of API requests (under /api, /jobs-api, /storage)
 * is answered 503 *before* reaching the server, and as many more *after* the server handled
 * them (the work is done, the phone never hears: the case idempotency keys exist for). It also
 * records what the server really accepted, so the test can count deliveries.
 */
export interface Delivery {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** The server answered from its idempotency store (a repeat, not new work). */
  readonly replayed: boolean;
  readonly requestBody: string;
}

export interface ChaosProxy {
  readonly url: string;
  /** Share of API requests failed before the server (the same share again after it). */
  faultRate: number;
  readonly stats: { requests: number; faultsBefore: number; faultsAfter: number };
  readonly deliveries: Delivery[];
  close(): Promise<void>;
}

const API_PATH = /^\/(api|jobs-api|storage)\//;

/** A small seeded generator (mulberry32), so a failing run can be repeated with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startChaosProxy(target: string, random: () => number): Promise<ChaosProxy> {
  const upstream = new URL(target);
  const proxy: Omit<ChaosProxy, 'url' | 'close'> = {
    faultRate: 0,
    stats: { requests: 0, faultsBefore: 0, faultsAfter: 0 },
    deliveries: [],
  };
  const unavailable = JSON.stringify({ errorMsg: 'Service unavailable (chaos proxy)' });

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const path = req.url ?? '/';
      const api = API_PATH.test(path);
      if (api) proxy.stats.requests += 1;
      const roll = api ? random() : 1;
      if (roll < proxy.faultRate) {
        proxy.stats.faultsBefore += 1;
        res.writeHead(503, { 'content-type': 'application/json' }).end(unavailable);
        return;
      }
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path,
          // The Host header is kept, so links the server builds (signed upload URLs) point here.
          headers: req.headers,
        },
        (answer) => {
          void readAll(answer).then((payload) => {
            const status = answer.statusCode ?? 502;
            if (api && req.method !== 'GET') {
              proxy.deliveries.push({
                method: req.method ?? '',
                path,
                status,
                replayed: answer.headers['idempotent-replayed'] === 'true',
                requestBody: req.headers['content-type']?.includes('json') ? body.toString() : '',
              });
            }
            if (roll < 2 * proxy.faultRate) {
              proxy.stats.faultsAfter += 1;
              res.writeHead(503, { 'content-type': 'application/json' }).end(unavailable);
              return;
            }
            const headers = { ...answer.headers, 'content-length': String(payload.length) };
            delete headers['transfer-encoding'];
            res.writeHead(status, headers).end(payload);
          });
        },
      );
      forwarded.on('error', () => {
        if (!res.headersSent) res.writeHead(502).end();
      });
      forwarded.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
