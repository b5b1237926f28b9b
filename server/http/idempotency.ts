/**
 * Idempotency-Key support for POST and PATCH (design/outbox.md): the app's outbox may send the
 * same action more than once (a retry after a timeout whose first attempt did land); the key
 * makes the second delivery a replay instead of a second application.
 *
 * - First request with a key: a pending row is claimed, the handler runs, and its final response
 *   (status + JSON body) is stored for 24 hours.
 * - Same key, same principal, same method/path/body: the stored response is replayed
 *   (`Idempotent-Replayed: true`), the handler does not run again.
 * - Same key with a different request: 422, nothing runs.
 * - Same key while the first is still running: 409, so the client retries later.
 * - A 5xx, 409 or 429 is not stored: the action did not happen (the server failed, or said "not
 *   now", e.g. 409 while a CV is parsed), so a retry with the same key runs it again.
 * Keys are scoped per principal (the signed-in user, or "anonymous").
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;
const TTL_MS = 24 * 60 * 60 * 1000;
const PENDING = 0;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by authentication; scopes idempotency keys to a user. */
    principalId?: string;
    idempotency?: { key: string; principal: string };
  }
}

export function requestHashOf(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

function requestHash(request: FastifyRequest): string {
  return requestHashOf(request.method, request.url.split('?')[0] ?? '', request.body);
}

export function registerIdempotency(app: FastifyInstance, { db }: { db: Database }) {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' && request.method !== 'PATCH') return;
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || !KEY_PATTERN.test(key)) {
      return reply.code(400).send({
        errorMsg: 'Invalid Idempotency-Key: use 8-200 letters, digits or _ . : -',
      });
    }
    const principal = request.principalId ?? 'anonymous';
    const hash = requestHash(request);
    const path = request.url.split('?')[0] ?? '';

    // Expired keys are forgotten (24 h).
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.principal, principal),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.createdAt, new Date(Date.now() - TTL_MS)),
        ),
      );
    const claimed = await db
      .insert(idempotencyKeys)
      .values({
        key,
        principal,
        method: request.method,
        path,
        requestHash: hash,
        statusCode: PENDING,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotency = { key, principal };
      return;
    }

    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (!existing) return; // removed in between: run normally, unrecorded
    if (existing.requestHash !== hash) {
      return reply
        .code(422)
        .send({ errorMsg: 'This Idempotency-Key was already used for a different request' });
    }
    if (existing.statusCode === PENDING) {
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
