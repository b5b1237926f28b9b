import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildJobQuery } from '@/domain/filters';
import {
  createDb,
  getDb,
  queryCachedJobs,
  searchCopySettled,
  setDbForTests,
  upsertJobs,
  type JobRecord,
} from '@/lib/db';

// A real Dexie on fake-indexeddb; each test gets its own database (and so its own copy).
let counter = 0;
beforeEach(() => {
  counter += 1;
  setDbForTests(createDb(`search-copy-${counter}-${Date.now()}`));
});
afterEach(() => setDbForTests(null));

const job = (n: number, title: string, city = 'Pune'): JobRecord => ({
  id: `job-${n}`,
  jobTitle: title,
  companyName: 'Acme',
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
  location: { city },
  jobDescription: `<p>About ${title}</p>`,
});

const search = (searchText: string, limit = 10) =>
  queryCachedJobs(buildJobQuery({ searchText }, { defaults: null }), limit);
const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

describe('offline search from the in-memory copy (issue 5)', () => {
  it('answers as the IndexedDB scan did, newest first, with whole rows', async () => {
    await upsertJobs([job(1, 'Data Analyst'), job(2, 'Data Engineer'), job(3, 'Designer')]);
    const scanned = await search('data');
    await searchCopySettled();
    const fromCopy = await search('data');
    expect(ids(fromCopy)).toEqual(['job-2', 'job-1']);
    expect(ids(fromCopy)).toEqual(ids(scanned));
    // The copy drops descriptions; what the search returns still has them.
    expect(fromCopy[0]?.jobDescription).toBe('<p>About Data Engineer</p>');
    expect(ids(await search('data', 1))).toEqual(['job-2']);
    expect(await search('nothing-like-it')).toEqual([]);
  });

  it('sees jobs written after it was made, by this tab or any other writer', async () => {
    await upsertJobs([job(1, 'Data Analyst')]);
    await search('data');
    await searchCopySettled();
    expect(ids(await search('engineer'))).toEqual([]);

    await upsertJobs([job(2, 'Data Engineer')], Date.now() + 1_000);
    expect(ids(await search('engineer'))).toEqual(['job-2']);
    await searchCopySettled();
    // A changed row (same count): its new title is what the search matches.
    await upsertJobs([job(2, 'Platform Engineer')], Date.now() + 2_000);
    expect(ids(await search('data'))).toEqual(['job-1']);
  });

  it('forgets jobs removed from the cache', async () => {
    await upsertJobs([job(1, 'Data Analyst'), job(2, 'Data Engineer')]);
    await search('data');
    await searchCopySettled();
    await getDb().jobs.delete('job-2');
    expect(ids(await search('data'))).toEqual(['job-1']);
  });
});
