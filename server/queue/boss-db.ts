/**
 * pg-boss talks to the database through one method, `executeSql(text, values)`. These adapters
 * give it the app's own database client instead of a pool of its own (issue 25 item 1):
 * - on the embedded PGlite there is only one connection, so a second client cannot exist;
 * - a job must be inserted by the transaction whose write causes it (`forTransaction`), so a
 *   rolled-back write leaves no job behind and a committed one always has its job.
 *
 * pg-boss sends its maintenance as one string of several statements between BEGIN and COMMIT
 * (advisory-locked, no parameters). A failure half-way would leave the single PGlite session (or a
 * pooled Postgres connection) inside an aborted transaction, so those strings are rolled back on
 * error before the connection is used again.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/client';

export interface BossDb {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
}

/** Anything with a pg-style `query(text, values)`: a PGlite, its transaction, a pg client. */
interface Queryable {
  query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
}

const opensTransaction = (text: string) => /^\s*BEGIN\b/i.test(text);

/** The app's database client (PGlite or a pg Pool), for pg-boss's own statements. */
export function bossDbFor(db: Database): BossDb {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return pgliteDb(client);
  if (client instanceof pg.Pool) return poolDb(client);
  throw new Error('The job queue needs the database opened by server/db/client.ts');
}

function pgliteDb(client: PGlite): BossDb {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      // exec runs several statements; the last one's rows are the answer (pg-boss reads rows
      // only from single statements).
      try {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        if (opensTransaction(text)) await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}

function poolDb(pool: pg.Pool): BossDb {
  return {
    async executeSql(text, values) {
      if (!opensTransaction(text)) {
        const result = await pool.query(text, values);
        return { rows: result.rows as Record<string, unknown>[] };
      }
      const connection = await pool.connect();
      try {
        await connection.query(text);
        return { rows: [] };
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}

/**
 * A Drizzle transaction (or the database itself) as pg-boss's `db` for one insert: the job row is
 * written on the transaction's own connection. Drizzle keeps that connection on the session of
 * both drivers (a PGlite Transaction, a pg PoolClient), each with pg's `query(text, values)`.
 */
export function forTransaction(executor: Database | { execute: Database['execute'] }): BossDb {
  const session = (executor as unknown as { session?: { client?: Queryable } }).session;
  const client = session?.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('Not a Drizzle database or transaction');
  }
  return {
    async executeSql(text, values) {
      const result = await client.query(text, values);
      return { rows: result.rows as Record<string, unknown>[] };
    },
  };
}
