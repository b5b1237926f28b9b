import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildJobQuery } from '@/domain/filters';
import {
  createDb,
  evictOldestListings,
  getCachedJobs,
  getDb,
  getListing,
  queryCachedJobs,
  recordListingPage,
  setDbForTests,
  upsertJobs,
  withRecovery,
  type JobRecord,
} from '@/lib/db';

// A real Dexie on fake-indexeddb (tests/unit/setup.ts); each test gets its own database.
let counter = 0;
function freshName() {
  counter += 1;
  return `test-db-${counter}-${Date.now()}`;
}

function job(id: string, overrides: Partial<JobRecord> = {}): JobRecord {
  return {
    id,
    jobTitle: 'Frontend Engineer',
    companyName: 'Acme',
    createdAt: `2026-01-${String(10 + Number(id.replace(/\D/g, '') || 0)).padStart(2, '0')}T00:00:00Z`,
    coreSkills: ['React'],
    softSkills: ['Communication'],
    technicalSkills: ['Git'],
    location: { city: 'Pune', fullLocation: ['Pune, Maharashtra'] },
    salaryRange: { min: 10, max: 20 },
    experienceRange: { min: 2, max: 5 },
    workMode: 'Remote',
    typeofEmployment: 'Full-time',
    department: 'Engineering',
    isExternal: false,
    ...overrides,
  };
}

beforeEach(() => {
  setDbForTests(createDb(freshName()));
});

afterEach(() => {
  setDbForTests(null);
});

describe('upgrades', () => {
  it('opens a v1 database with data and upgrades it without losing outbox or saved jobs', async () => {
    const name = freshName();
    const v1 = createDb(name, 1);
    await v1
      .table('jobs')
      .put({ id: 'j1', jobTitle: 'Data Analyst', companyName: 'Beta', createdAt: '2026-01-01' });
    await v1
      .table('outbox')
      .add({ idempotencyKey: 'k1', type: 'apply', status: 'pending', payload: {}, createdAt: 1 });
    await v1.table('savedJobs').put({ jobId: 'j1' });
    v1.close();

    const v2 = createDb(name);
    await v2.open();
    // v4 only moved the (recomputable) scores into buckets; v5 added corporate job drafts, v6
    // pending payments.
    expect(v2.verno).toBe(6);
    // v3 reshaped the outbox row to the design's record, keeping the action.
    expect(await v2.outbox.toArray()).toMatchObject([
      { idempotencyKey: 'k1', kind: 'apply', state: 'pending', attempts: 0, step: 'start' },
    ]);
    const saved = await v2.savedJobs.toArray();
    expect(saved.map((s) => s.jobId)).toEqual(['j1']);
    expect(typeof saved[0]?.savedAt).toBe('number');
    expect(await v2.jobs.get('j1')).toMatchObject({ searchText: 'data analyst beta', cachedAt: 0 });
    v2.close();
  });
});

describe('job cache', () => {
  it('keeps rows and returns them by id in order', async () => {
    await upsertJobs([job('1'), job('2'), job('3')]);
    const rows = await getCachedJobs(['3', 'missing', '1']);
    expect(rows.map((r) => r.id)).toEqual(['3', '1']);
  });

  it('filters and searches locally with the same rules as the server, newest first', async () => {
    await upsertJobs([
      job('1'),
      job('2', { jobTitle: 'Data Analyst', coreSkills: ['SQL'], location: { city: 'Mumbai' } }),
      job('3', { workMode: 'Onsite', salaryRange: { min: 40, max: 60 }, isExternal: true }),
      job('4', { companyName: 'Globex', experienceRange: { min: 10, max: 9999 } }),
    ]);
    const ids = async (filters: Parameters<typeof buildJobQuery>[0]) =>
      (await queryCachedJobs(buildJobQuery(filters))).map((r) => r.id);

    expect(await ids({})).toEqual(['4', '3', '2', '1']);
    expect(await ids({ searchText: 'react pune' })).toEqual(['4', '3', '1']);
    expect(await ids({ searchText: 'sql' })).toEqual(['2']);
    expect(await ids({ searchText: 'globex' })).toEqual(['4']);
    expect(await ids({ location: ['mumbai'] })).toEqual(['2']);
    expect(await ids({ workMode: ['Onsite'] })).toEqual(['3']);
    expect(await ids({ salaryRange: '40-50' })).toEqual(['3']);
    expect(await ids({ experienceRange: '15-20' })).toEqual(['4']);
    expect(await ids({ dashboard: 'EXTERNAL' })).toEqual(['3']);
    expect(await ids({ dashboard: 'USER', companyName: ['acme'] })).toEqual(['2', '1']);
    expect(await ids({ coreSkills: ['sql', 'react'], workMode: ['Remote'] })).toEqual([
      '4',
      '2',
      '1',
    ]);
  });

  it('records listing pages: the first replaces, later pages extend', async () => {
    await recordListingPage(
      { key: 'k', kind: 'jobs', ids: ['1', '2'], lastKey: 'c1', first: true },
      5,
    );
    await recordListingPage(
      { key: 'k', kind: 'jobs', ids: ['2', '3'], lastKey: null, first: false },
      6,
    );
    expect(await getListing('k')).toMatchObject({
      ids: ['1', '2', '3'],
      lastKey: null,
      fetchedAt: 6,
    });
    await recordListingPage({ key: 'k', kind: 'jobs', ids: ['9'], lastKey: 'c', first: true }, 7);
    expect((await getListing('k'))?.ids).toEqual(['9']);
  });
});

describe('storage failures', () => {
  it('evicts the oldest listing cache but never saved jobs or the outbox', async () => {
    const db = getDb();
    await upsertJobs([job('1'), job('2')], 1);
    await upsertJobs([job('3'), job('4')], 2);
    await db.savedJobs.put({ jobId: '1', savedAt: 1 });
    await db.outbox.add({
      kind: 'apply',
      userId: 'u1',
      idempotencyKey: 'k',
      subject: '1',
      payload: {},
      step: 'send',
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      leaseUntil: 0,
      createdAt: 1,
      updatedAt: 1,
    });
    await db.applications.put({
      userId: 'u1',
      jobId: '1',
      kind: 'internal',
      state: 'pending',
      appliedAt: 1,
    });
    await recordListingPage(
      { key: 'old', kind: 'jobs', ids: ['1'], lastKey: null, first: true },
      1,
    );
    await recordListingPage(
      { key: 'new', kind: 'jobs', ids: ['3'], lastKey: null, first: true },
      2,
    );

    await evictOldestListings(db);
    expect((await db.jobs.toCollection().primaryKeys()).sort()).toEqual(['1', '3', '4']);
    expect(await db.listings.toCollection().primaryKeys()).toEqual(['new']);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.savedJobs.count()).toBe(1);
    expect(await db.applications.count()).toBe(1);
  });

  it('retries once after a quota error, having evicted', async () => {
    const db = getDb();
    await upsertJobs([job('1'), job('2')], 1);
    let calls = 0;
    const result = await withRecovery(db, async () => {
      calls += 1;
      if (calls === 1)
        throw Object.assign(new Error('abort'), {
          name: 'AbortError',
          inner: { name: 'QuotaExceededError' },
        });
      return db.jobs.count();
    });
    expect(calls).toBe(2);
    expect(result).toBe(1);
  });

  it('reopens and retries once when the connection is lost', async () => {
    const db = getDb();
    await upsertJobs([job('1')]);
    let calls = 0;
    const result = await withRecovery(db, async () => {
      calls += 1;
      if (calls === 1) {
        db.close();
        throw Object.assign(
          new Error('Connection to Indexed Database server lost. Refresh the page.'),
          {
            name: 'UnknownError',
          },
        );
      }
      return db.jobs.count();
    });
    expect(result).toBe(1);
    expect(db.isOpen()).toBe(true);
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    await expect(
      withRecovery(getDb(), () => {
        calls += 1;
        return Promise.reject(new Error('ConstraintError'));
      }),
    ).rejects.toThrow('ConstraintError');
    expect(calls).toBe(1);
  });
});
