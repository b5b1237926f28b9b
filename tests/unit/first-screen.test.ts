/**
 * The listing's kept first screen (src/lib/db/first-screen.ts, issue 24): what the next load of
 * the same listing shows before the device database is open.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenOf, keepFirstScreen } from '@/lib/db/device';

const STORE_KEY = 'referralhub.first-screen.jobs';
const job = (id: string) => ({
  id,
  jobTitle: `Job ${id}`,
  companyName: 'Acme',
  createdAt: '2026-11-01T00:00:00.000Z',
  jobDescription: '<p>A long description</p>',
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the kept first screen', () => {
  it('gives back the listing’s cards, in order, without descriptions, with when they came', () => {
    keepFirstScreen('jobs', 'jobs:pageSize=10', [job('b'), job('a')], 1_700_000_000_000);
    const kept = firstScreenOf<ReturnType<typeof job>>('jobs', 'jobs:pageSize=10');
    expect(kept?.at).toBe(1_700_000_000_000);
    expect(kept?.rows.map((row) => row.id)).toEqual(['b', 'a']);
    expect(kept?.rows[0]).not.toHaveProperty('jobDescription');
    expect(kept?.rows[0]?.jobTitle).toBe('Job b');
  });

  it('is only for the listing it was kept for, and the last one kept replaces it', () => {
    keepFirstScreen('jobs', 'one', [job('a')]);
    keepFirstScreen('jobs', 'two', [job('b')]);
    expect(firstScreenOf('jobs', 'one')).toBeNull();
    expect(firstScreenOf<{ id: string }>('jobs', 'two')?.rows.map((row) => row.id)).toEqual(['b']);
    // Each kind of listing keeps its own.
    keepFirstScreen('companies', 'two', [{ id: 'c', name: 'Acme' }]);
    expect(firstScreenOf<{ id: string }>('jobs', 'two')?.rows.map((row) => row.id)).toEqual(['b']);
    expect(firstScreenOf('companies', 'two')?.rows).toEqual([{ id: 'c', name: 'Acme' }]);
  });

  it('ignores what it cannot trust: another version, a broken entry, no rows', () => {
    window.localStorage.setItem(
      STORE_KEY,
      JSON.stringify({ v: 0, key: 'k', at: 1, rows: [job('a')] }),
    );
    expect(firstScreenOf('jobs', 'k')).toBeNull();
    window.localStorage.setItem(STORE_KEY, '{"v":1,');
    expect(firstScreenOf('jobs', 'k')).toBeNull();
    keepFirstScreen('jobs', 'k', []);
    expect(firstScreenOf('jobs', 'k')).toBeNull();
  });

  it('a full or blocked storage only means nothing is kept', () => {
    vi.stubGlobal('localStorage', {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    expect(() => keepFirstScreen('jobs', 'k', [job('a')])).not.toThrow();
    expect(firstScreenOf('jobs', 'k')).toBeNull();
  });
});
