import { describe, expect, it, vi } from 'vitest';

// Every function of zod/mini, counted: the contract areas below must not call one while they load.
const calls = vi.hoisted(() => ({ count: 0, names: new Set<string>() }));
vi.mock('zod/mini', async (importOriginal) => {
  const zod = await importOriginal<Record<string, unknown>>();
  return Object.fromEntries(
    Object.entries(zod).map(([name, value]) => [
      name,
      typeof value === 'function' && !/^[A-Z$]/.test(name)
        ? (...args: unknown[]) => {
            calls.count += 1;
            calls.names.add(name);
            return (value as (...args: unknown[]) => unknown)(...args);
          }
        : value,
    ]),
  );
});

/**
 * The contract areas a signed-in page loads (the outbox's actions, the profile, the listing)
 * build their schemas on first use, not as their chunks are evaluated (issue 24: ~100 ms of a
 * signed-in `/jobs` load at 4x CPU went to building schemas nothing had asked for yet).
 */
describe('contract areas on the signed-in pages', () => {
  it('build no schema while they load, and build each when it is first used', async () => {
    const areas = await Promise.all([
      import('@/domain/contract/common'),
      import('@/domain/contract/jobs'),
      import('@/domain/contract/profile'),
      import('@/domain/contract/referrals'),
      import('@/domain/contract/guidance'),
      import('@/domain/contract/payments'),
      import('@/domain/contract/files'),
      import('@/domain/contract/assessments'),
    ]);
    expect([...calls.names]).toEqual([]);

    const payments = areas[5];
    expect(payments.CreateOrderBody.safeParse({ planId: 'credits-3' }).success).toBe(true);
    expect(payments.CreateOrderBody.safeParse({ planId: 'credits-4' }).success).toBe(false);
    expect(calls.count).toBeGreaterThan(0);
  });
});
