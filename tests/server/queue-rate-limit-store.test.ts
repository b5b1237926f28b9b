/**
 * The shared rate-limit store (issue 25 item 2) on the suite's engine: two stores on one database
 * (two server processes) count the same key together, a route's child store counts apart, and an
 * ended window starts again at 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { postgresRateLimitStore } from '../../server/http/rate-limit-store';
import { openTestDatabase } from './support/test-database';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Store = InstanceType<ReturnType<typeof postgresRateLimitStore>>;

function incr(store: Store, key: string, windowMs: number) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) => {
    store.incr(
      key,
      (error, result) =>
        error || !result ? reject(error ?? new Error('no result')) : resolve(result),
      windowMs,
      10,
    );
  });
}

const route = (url: string) =>
  ({ routeInfo: { method: 'POST', url } }) as unknown as Parameters<Store['child']>[0];

describe('Postgres rate-limit store', () => {
  it('counts one key across processes, per route, and restarts after the window', async () => {
    const Store = postgresRateLimitStore(database.db);
    const first = new Store({}).child(route('/api/apply'));
    const second = new Store({}).child(route('/api/apply'));
    const otherRoute = new Store({}).child(route('/api/cv'));

    expect((await incr(first, 'user:a', 60_000)).current).toBe(1);
    expect((await incr(second, 'user:a', 60_000)).current).toBe(2);
    const third = await incr(first, 'user:a', 60_000);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(55_000);
    expect(third.ttl).toBeLessThanOrEqual(60_000);
    expect((await incr(second, 'user:b', 60_000)).current).toBe(1);
    expect((await incr(otherRoute, 'user:a', 60_000)).current).toBe(1);

    expect((await incr(first, 'user:short', 300)).current).toBe(1);
    expect((await incr(second, 'user:short', 300)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await incr(second, 'user:short', 300)).current).toBe(1);
  });
});
