/**
 * Idempotency-Key support for POST and PATCH (design/outbox.md): the app's outbox may send the
 * same action more than once (a retry after a timeout whose first attempt did land); the key
 * makes the second delivery a replay instead of a second application.
 *
 * - First request with a key: a pending row is claimed, the handler runs, and its final response
 *   (status + JSON body) is stored for 24 hours.
 * - Same key, same user, same method/path/body: the stored response is replayed
 *   (`Idempotent-Replayed: true`), the handler does not run again. Bodies are compared by their
 *   parsed value (canonical JSON), so a client that reorders keys still gets its replay.
 * - Same key with a different request: 422, nothing runs.
 * - Same key while the first is still running: 409, so the client retries later. The claim is a
 *   lease (60 s): a server that died between claiming and storing the response leaves a pending
 *   row, and once the lease is over a retry claims it again instead of getting 409 for 24 h.
 * - A 5xx, 409 or 429 is not stored: the action did not happen (the server failed, or said "not
 *   now", e.g. 409 while a CV is parsed), so a retry with the same key runs it again.
 *
 * Only signed-in callers on registered write routes store keys, scoped by the verified user
 * (issue 23: anonymous requests, even to routes that do not exist, grew the table without
 * limit). Anonymous requests and unknown routes run as if no key had been sent. Expired rows are
 * purged at start and then on a schedule, not only when the same key comes back.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;
const PENDING = 0;
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Longer than any write handler runs (they take milliseconds; request bodies are limited to
 * 1 MB and must arrive within the request timeout before the claim is made). */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by authentication: the verified `sub` (of an access or an ID token). */
    principalId?: string;
    idempotency?: { key: string; principal: string };
  }
}

export interface IdempotencyOptions {
  db: Database;
  /** The clock (ms since the epoch); tests move it instead of waiting. */
  now?: () => number;
  /** How often expired rows are purged. */
  purgeIntervalMs?: number;
  leaseMs?: number;
  ttlMs?: number;
}

/** JSON with object keys sorted at every level: equal for bodies that parse to equal values. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const entries = Object.entries(inner as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return Object.fromEntries(entries);
  });
}

export function requestHashOf(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** Deletes every row older than the TTL (finished or abandoned); returns how many went. */
export async function purgeExpiredIdempotencyKeys(db: Database, olderThan: Date): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, olderThan))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

export function registerIdempotency(
  app: FastifyInstance,
  {
    db,
    now = Date.now,
    purgeIntervalMs = PURGE_INTERVAL_MS,
    leaseMs = IDEMPOTENCY_LEASE_MS,
    ttlMs = IDEMPOTENCY_TTL_MS,
  }: IdempotencyOptions,
) {
  // The purge runs once the server is ready and then on a timer that never keeps the process
  // alive; close waits for a purge under way, before the database is closed.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const purge = () => {
    running = purgeExpiredIdempotencyKeys(db, new Date(now() - ttlMs)).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not purge expired idempotency keys');
    });
    return running;
  };
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(() => void purge(), purgeIntervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' && request.method !== 'PATCH') return;
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return;
    // Not a route of ours, or not signed in: nothing to protect and nobody to scope the key to,
    // so nothing is stored (the route answers 404 or 401 on its own).
    if (request.is404) return;
    const principal = request.principalId;
    if (!principal) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || !KEY_PATTERN.test(key)) {
      return reply.code(400).send({
        errorMsg: 'Invalid Idempotency-Key: use 8-200 letters, digits or _ . : -',
      });
    }
    const hash = requestHashOf(request.method, pathOf(request), request.body);
    const at = now();
    const where = and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key));

    // Expired keys are forgotten (24 h), whatever the schedule has not yet purged.
    await db
      .delete(idempotencyKeys)
      .where(and(where, lt(idempotencyKeys.createdAt, new Date(at - ttlMs))));
    const fresh = {
      method: request.method,
      path: pathOf(request),
      requestHash: hash,
      statusCode: PENDING,
      responseBody: null,
      createdAt: new Date(at),
    };
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ key, principal, ...fresh })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotency = { key, principal };
      return;
    }

    const [existing] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (!existing) return; // removed in between: run normally, unrecorded
    if (existing.requestHash !== hash) {
      return reply
        .code(422)
        .send({ errorMsg: 'This Idempotency-Key was already used for a different request' });
    }
    if (existing.statusCode === PENDING && existing.createdAt.getTime() <= at - leaseMs) {
      // The first claimant's lease is over (the server stopped before storing its response):
      // take the key over, in one statement so that of two retries only one wins.
      const retaken = await db
        .update(idempotencyKeys)
        .set(fresh)
        .where(
          and(
            where,
            eq(idempotencyKeys.statusCode, PENDING),
            lt(idempotencyKeys.createdAt, new Date(at - leaseMs + 1)),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (retaken.length > 0) {
        request.idempotency = { key, principal };
        return;
      }
    }
    if (existing.statusCode === PENDING) {
      // The outbox (src/lib/outbox/classify.ts) retries a 409 with this wording.
      return reply
        .code(409)
        .send({ errorMsg: 'A request with this Idempotency-Key is still being processed' });
    }
    return reply
      .code(existing.statusCode)
      .header('idempotent-replayed', 'true')
      .send(existing.responseBody ?? undefined);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = undefined;
    const where = and(
      eq(idempotencyKeys.principal, claim.principal),
      eq(idempotencyKeys.key, claim.key),
    );
    if (reply.statusCode >= 500 || reply.statusCode === 409 || reply.statusCode === 429) {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    let body: unknown = null;
    if (typeof payload === 'string' && payload.length > 0) {
      try {
        body = JSON.parse(payload);
      } catch {
        body = payload;
      }
    }
    await db
      .update(idempotencyKeys)
      .set({ statusCode: reply.statusCode, responseBody: sql`${JSON.stringify(body)}::jsonb` })
      .where(where);
    return payload;
  });
}
