/**
 * A Postgres-backed store for @fastify/rate-limit (issue 25 item 2): with several server
 * processes behind one port, a per-process counter would let a client through N times the limit.
 * Each request is one upsert on rate_limit_counters: a new key or an ended window starts at 1,
 * otherwise the count goes up; the answer is the count and the milliseconds left. Used when the
 * database is Postgres; the embedded PGlite serves one process, where the plugin's in-memory
 * store is exact and costs no query on the single connection.
 *
 * continueExceeding and exponentialBackoff are not supported (no route here uses them). Ended
 * windows are purged now and then (one request in PURGE_EVERY), so the table stays small.
 */
import { lt, sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const PURGE_EVERY = 1000;

export function postgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  let requests = 0;
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its options (none of which it needs); child stores
    // get the route's prefix.
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      void this.increment(`${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    private async increment(key: string, windowMs: number) {
      const resetAt = sql`now() + ${windowMs} * interval '1 millisecond'`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`CASE WHEN ${rateLimitCounters.resetAt} <= now() THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
            resetAt: sql`CASE WHEN ${rateLimitCounters.resetAt} <= now() THEN excluded.reset_at ELSE ${rateLimitCounters.resetAt} END`,
          },
        })
        .returning({
          current: rateLimitCounters.count,
          ttl: sql<number>`greatest(0, ceil(extract(epoch FROM ${rateLimitCounters.resetAt} - now()) * 1000))::int`,
        });
      requests += 1;
      if (requests % PURGE_EVERY === 0) {
        void db
          .delete(rateLimitCounters)
          .where(lt(rateLimitCounters.resetAt, sql`now() - interval '1 minute'`))
          .catch(() => undefined);
      }
      return { current: row?.current ?? 1, ttl: Number(row?.ttl ?? windowMs) };
    }

    /** Per-route limits count apart, as the plugin's own stores do. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { routeInfo } = routeOptions as unknown as {
        routeInfo: { method: string; url: string };
      };
      return new PostgresRateLimitStore(
        undefined,
        `${this.prefix}${routeInfo.method}${routeInfo.url}:`,
      );
    }
  }
  return PostgresRateLimitStore;
}

/** The shared store when the database is Postgres (many processes); undefined on PGlite. */
export function sharedRateLimitStore(db: Database | undefined) {
  const client = (db as unknown as { $client?: unknown } | undefined)?.$client;
  return client instanceof pg.Pool ? postgresRateLimitStore(db as Database) : undefined;
}
