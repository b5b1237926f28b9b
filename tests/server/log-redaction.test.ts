/**
 * Issue 23 item 8: error logs carried whole SQL parameters (emails, profile text). Real failing
 * queries on the real database, logged with the server's own pino options into a stream: the
 * personal data must not reach the log line, while what failed (SQLSTATE, constraint, the SQL
 * text with its placeholders) still does.
 */
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { logOptions } from '../../server/http/log-options';
import { openTestDatabase } from './support/test-database';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The error `run` throws, and every line the server's logger writes about it. */
async function logFailure(run: () => Promise<unknown>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const log = pino(logOptions('info'), stream);
  const error = await run().then(
    () => {
      throw new Error('the query was expected to fail');
    },
    (caught: unknown) => caught,
  );
  log.error({ err: error }, 'request failed');
  log.error(error as Error);
  return { error, text: lines.join('') };
}

describe('database errors in the log', () => {
  it('leave out the parameters and the row values of a unique violation', async () => {
    const email = 'Candidate@Example.com'; // a demo user's address: the index is on lower(email)
    const about = 'Private profile text about my health';
    const { error, text } = await logFailure(() =>
      database.db.insert(users).values({ id: 'log-redaction-user', email, name: about }),
    );
    // Without redaction these would be in the line: the error really carries them.
    expect(JSON.stringify({ ...(error as object), message: String(error) })).toContain(email);
    expect(text).not.toContain(email);
    expect(text.toLowerCase()).not.toContain(email.toLowerCase());
    expect(text).not.toContain(about);
    // What failed is still there, for whoever reads the log.
    const record = JSON.parse(text.split('\n')[0]!) as {
      err: { type: string; query?: string; cause?: { code?: string; constraint?: string } };
    };
    expect(record.err.query).toMatch(/insert into "users"/);
    expect(record.err.cause).toMatchObject({ code: '23505', constraint: 'users_email_idx' });
  });

  it('leave out input values that Postgres quotes in its message', async () => {
    const email = 'someone.private@example.com';
    const { text } = await logFailure(() => database.db.execute(sql`select ${email}::uuid`));
    expect(text).not.toContain(email);
    expect(text).toContain('invalid input syntax for type uuid');
    expect(text).toContain('22P02');
  });

  it('keep ordinary errors readable', async () => {
    const { text } = await logFailure(() => Promise.reject(new TypeError('x is not a function')));
    const record = JSON.parse(text.split('\n')[0]!) as {
      err: { type: string; message: string; stack: string };
    };
    expect(record.err).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(record.err.stack).toMatch(/^TypeError: x is not a function\n\s+at /);
  });
});
