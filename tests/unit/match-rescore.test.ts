import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CandidateProfile } from '@/domain/score';
import { createDb, getDb, setDbForTests, upsertJobs, type JobRecord } from '@/lib/db';
import {
  SCORE_BUCKETS,
  bucketOf,
  decodeScore,
  dexieScoreStore,
  isStoredCandidateProfile,
  profileVersion,
  readScores,
  readStoredScores,
  toStoredProfile,
  writeCandidateProfile,
  type RescoreProgress,
  type ScoreReply,
} from '@/lib/scoring';
import { createScoreHandler, rescore } from '@/workers/scoring';

// A real Dexie on fake-indexeddb (tests/unit/setup.ts); each test gets its own database.
let counter = 0;
beforeEach(() => {
  counter += 1;
  setDbForTests(createDb(`match-rescore-${counter}-${Date.now()}`));
});
afterEach(() => setDbForTests(null));

const frontend: CandidateProfile = {
  coreSkills: ['React', 'TypeScript'],
  softSkills: ['Communication'],
  technicalSkills: ['Git'],
  yearsOfExperience: 4,
};

function job(id: string, overrides: Partial<JobRecord> = {}): JobRecord {
  return {
    id,
    jobTitle: 'Frontend Engineer',
    companyName: 'Acme',
    createdAt: '2026-01-10T00:00:00Z',
    coreSkills: ['React', 'TypeScript'],
    softSkills: ['Communication'],
    experienceRange: { min: 2, max: 5 },
    ...overrides,
  };
}

const jobs = (count: number, prefix = 'j') =>
  Array.from({ length: count }, (_, i) => job(`${prefix}${i + 1}`));

async function storeProfile(profile: CandidateProfile = frontend, owner = 'sub-1') {
  await writeCandidateProfile(toStoredProfile(owner, profile, 1));
}

const clockAt = (time: number) => () => time;

/** Every stored score, decoded from the score buckets. */
async function storedScores() {
  const buckets = await getDb().scoreBuckets.toArray();
  return buckets.flatMap((bucket) => bucket.jobIds.map((_, index) => decodeScore(bucket, index)));
}
const scoreOf = async (id: string) => (await readStoredScores([id]))[0];

describe('rescore', () => {
  it('does nothing without a scorable profile', async () => {
    await upsertJobs(jobs(3), 1000);
    expect((await rescore(dexieScoreStore())).mode).toBe('none');
    await storeProfile({ coreSkills: [], softSkills: [], yearsOfExperience: 3 });
    const result = await rescore(dexieScoreStore());
    expect(result).toMatchObject({ mode: 'none', total: 0 });
    expect(await storedScores()).toHaveLength(0);
  });

  it('scores every cached job in batches, tagged with the profile version', async () => {
    await upsertJobs([...jobs(6), job('other', { coreSkills: ['Java'], softSkills: [] })], 1000);
    await storeProfile();
    const progress: RescoreProgress[] = [];
    const result = await rescore(dexieScoreStore(), {
      batchSize: 3,
      now: clockAt(2000),
      onProgress: (p) => progress.push(p),
    });
    expect(result).toMatchObject({ mode: 'full', total: 7, done: 7, cancelled: false });
    expect(progress.map((p) => p.done)).toEqual([0, 3, 6, 7]);
    const version = profileVersion(frontend);
    const scores = await storedScores();
    expect(scores).toHaveLength(7);
    expect(scores.every((s) => s.profileVersion === version && s.computedAt === 2000)).toBe(true);
    const byId = new Map(scores.map((s) => [s.jobId, s]));
    expect(byId.get('j1')?.score).toBeGreaterThan(byId.get('other')?.score ?? 100);
    expect(byId.get('j1')?.details).toMatchObject({ coreSkills: expect.any(Number) as number });
  });

  it('rescores only new and re-cached jobs while the profile is unchanged', async () => {
    await upsertJobs(jobs(5), 1000);
    await storeProfile();
    await rescore(dexieScoreStore(), { now: clockAt(2000) });
    expect((await rescore(dexieScoreStore(), { now: clockAt(2500) })).total).toBe(0);

    await upsertJobs([job('new1'), job('new2')], 3000);
    await upsertJobs([job('j1', { coreSkills: ['Java'] })], 3000); // re-fetched, now different
    const result = await rescore(dexieScoreStore(), { now: clockAt(4000) });
    expect(result).toMatchObject({ mode: 'incremental', total: 3, done: 3 });
    const scores = new Map((await storedScores()).map((s) => [s.jobId, s]));
    expect(scores.get('new1')?.computedAt).toBe(4000);
    expect(scores.get('j1')?.computedAt).toBe(4000);
    expect(scores.get('j2')?.computedAt).toBe(2000);
    expect(scores.get('j1')?.score).toBeLessThan(scores.get('j2')?.score ?? 0);
  });

  it('rescores everything when the profile version changes', async () => {
    await upsertJobs(jobs(4), 1000);
    await storeProfile();
    await rescore(dexieScoreStore(), { now: clockAt(2000) });
    const before = (await scoreOf('j1'))?.score;

    const backend = { ...frontend, coreSkills: ['Java'], technicalSkills: [] };
    await storeProfile(backend);
    const result = await rescore(dexieScoreStore(), { now: clockAt(3000) });
    expect(result).toMatchObject({
      mode: 'full',
      total: 4,
      profileVersion: profileVersion(backend),
    });
    const after = await scoreOf('j1');
    expect(after?.profileVersion).toBe(profileVersion(backend));
    expect(after?.score).toBeLessThan(before ?? 0);
  });

  it('stops between batches when cancelled, writing nothing; the next run starts over', async () => {
    await upsertJobs(jobs(10), 1000);
    await storeProfile();
    const controller = new AbortController();
    const cancelled = await rescore(dexieScoreStore(), {
      batchSize: 4,
      signal: controller.signal,
      now: clockAt(2000),
      onProgress: (p) => {
        if (p.done === 4) controller.abort();
      },
    });
    expect(cancelled).toMatchObject({ cancelled: true, done: 4, total: 10 });
    expect(await storedScores()).toHaveLength(0);

    const resumed = await rescore(dexieScoreStore(), { now: clockAt(3000) });
    expect(resumed).toMatchObject({ mode: 'full', total: 10, cancelled: false });
    expect(await storedScores()).toHaveLength(10);
    const after = await rescore(dexieScoreStore(), { now: clockAt(4000) });
    expect(after).toMatchObject({ mode: 'incremental', total: 0 });
  });

  it('deletes scores of jobs that left the cache', async () => {
    await upsertJobs(jobs(3), 1000);
    await storeProfile();
    await rescore(dexieScoreStore(), { now: clockAt(2000) });
    await getDb().jobs.delete('j2');
    const result = await rescore(dexieScoreStore(), { now: clockAt(3000) });
    expect(result.removed).toBe(1);
    expect(await scoreOf('j2')).toBeUndefined();
    expect((await storedScores()).map((s) => s.jobId).sort()).toEqual(['j1', 'j3']);
    const inputs = await getDb().scoreInputs.toArray();
    expect(inputs.flatMap((bucket) => bucket.jobIds).sort()).toEqual(['j1', 'j3']);
  });

  it('rescores after a profile change from its own score inputs, reading no job rows', async () => {
    await upsertJobs(jobs(40), 1000);
    await storeProfile();
    const first = await rescore(dexieScoreStore(), { now: clockAt(2000) });
    expect(first).toMatchObject({ mode: 'full', total: 40, jobRowsRead: 40 });

    const backend = { ...frontend, coreSkills: ['Java'], technicalSkills: [] };
    await storeProfile(backend);
    const second = await rescore(dexieScoreStore(), { now: clockAt(3000) });
    expect(second).toMatchObject({ mode: 'full', total: 40, jobRowsRead: 0 });
    // ... but a job re-cached since (its skills changed) is read again.
    await upsertJobs([job('j7', { coreSkills: ['Java'] })], 3500);
    await storeProfile(frontend);
    const third = await rescore(dexieScoreStore(), { now: clockAt(4000) });
    expect(third).toMatchObject({ mode: 'full', total: 40, jobRowsRead: 1 });
    const version = profileVersion(frontend);
    const scores = await readScores(['j1', 'j7'], version);
    expect(scores.get('j7')?.score).toBeLessThan(scores.get('j1')?.score ?? 0);
    expect(scores.get('j1')?.computedAt).toBe(4000);
  });

  it('keeps one bucket row per bucket, each job in the bucket of its id', async () => {
    await upsertJobs(jobs(200), 1000);
    await storeProfile();
    await rescore(dexieScoreStore(), { now: clockAt(2000) });
    const buckets = await getDb().scoreBuckets.toArray();
    expect(buckets.length).toBeLessThanOrEqual(SCORE_BUCKETS);
    expect(buckets.length).toBeGreaterThan(1);
    for (const bucket of buckets) {
      expect(bucket.jobIds.every((id) => bucketOf(id) === bucket.bucket)).toBe(true);
    }
    expect(buckets.reduce((n, b) => n + b.jobIds.length, 0)).toBe(200);

    // An incremental run rewrites only the bucket of the new job, the others keep their rows.
    const untouched = buckets.find((b) => b.bucket !== bucketOf('late'))!;
    await upsertJobs([job('late')], 3000);
    expect(await rescore(dexieScoreStore(), { now: clockAt(4000) })).toMatchObject({
      mode: 'incremental',
      total: 1,
      jobRowsRead: 1,
    });
    const again = await getDb().scoreBuckets.get(untouched.bucket);
    expect(again?.values).toEqual(untouched.values);
    expect((await scoreOf('late'))?.computedAt).toBe(4000);
  });

  it('ignores scores of another profile version when the UI reads them', async () => {
    await upsertJobs(jobs(2), 1000);
    await storeProfile();
    await rescore(dexieScoreStore(), { now: clockAt(2000) });
    expect((await readScores(['j1', 'j2', 'nope'], profileVersion(frontend))).size).toBe(2);
    expect((await readScores(['j1', 'j2'], 'another-version')).size).toBe(0);
  });
});

describe('schema v4 upgrade', () => {
  it('drops the per-job scores and the watermark, and keeps the outbox and saved jobs', async () => {
    const name = `match-upgrade-${Date.now()}`;
    const v3 = createDb(name, 3);
    await v3.table('scores').put({ jobId: 'j1', score: 50, profileVersion: 'p', computedAt: 1 });
    await v3
      .table('profile')
      .put({ key: 'scoring', value: { profileVersion: 'p', scoredUpTo: 1 } });
    await v3.table('savedJobs').put({ jobId: 'j1', savedAt: 1 });
    await v3.table('outbox').add({ kind: 'save', state: 'pending', idempotencyKey: 'k' });
    v3.close();

    const v4 = createDb(name);
    setDbForTests(v4);
    expect(v4.tables.map((t) => t.name)).not.toContain('scores');
    expect(await v4.profile.get('scoring')).toBeUndefined();
    expect(await v4.savedJobs.count()).toBe(1);
    expect(await v4.outbox.count()).toBe(1);
    expect(await v4.scoreBuckets.count()).toBe(0);
  });
});

describe('profile version', () => {
  it('ignores order and case of skills but not their content or the years', () => {
    const shuffled = {
      ...frontend,
      coreSkills: ['typescript', 'REACT'],
      softSkills: ['communication'],
    };
    expect(profileVersion(shuffled)).toBe(profileVersion(frontend));
    expect(profileVersion({ ...frontend, yearsOfExperience: 5 })).not.toBe(
      profileVersion(frontend),
    );
    expect(profileVersion({ ...frontend, coreSkills: ['React'] })).not.toBe(
      profileVersion(frontend),
    );
  });

  it('does not trust malformed stored records', () => {
    expect(isStoredCandidateProfile(toStoredProfile('sub', frontend))).toBe(true);
    expect(isStoredCandidateProfile({ owner: 'sub', version: 'x' })).toBe(false);
    expect(isStoredCandidateProfile(null)).toBe(false);
  });

  it('is not rewritten when a refetch brings the same profile', async () => {
    expect(await writeCandidateProfile(toStoredProfile('sub', frontend, 1))).toBe(true);
    expect(await writeCandidateProfile(toStoredProfile('sub', frontend, 2))).toBe(false);
    expect(await writeCandidateProfile(toStoredProfile('other', frontend, 3))).toBe(true);
  });
});

describe('worker message handler', () => {
  function collect() {
    const replies: ScoreReply[] = [];
    let notify = () => {};
    const post = (reply: ScoreReply) => {
      replies.push(reply);
      notify();
    };
    const until = (check: () => boolean) =>
      new Promise<void>((resolve) => {
        if (check()) return resolve();
        notify = () => {
          if (check()) resolve();
        };
      });
    return { replies, post, until };
  }

  it('runs requests one after another and reports progress and the result', async () => {
    await upsertJobs(jobs(5), 1000);
    await storeProfile();
    const { replies, post, until } = collect();
    const handle = createScoreHandler(post);
    handle({ type: 'rescore', runId: 1, batchSize: 2 });
    handle({ type: 'rescore', runId: 2 });
    handle({ type: 'done', runId: 9 }); // not a request: ignored
    await until(() => replies.filter((r) => r.type === 'done').length === 2);
    const done = replies.filter((r) => r.type === 'done');
    expect(done.map((r) => r.runId)).toEqual([1, 2]);
    expect(done[0]?.type === 'done' && done[0].result.total).toBe(5);
    expect(done[1]?.type === 'done' && done[1].result.total).toBe(0);
    expect(replies.filter((r) => r.type === 'progress' && r.runId === 1)).toHaveLength(4);
  });

  it('cancels the run with the given id', async () => {
    await upsertJobs(jobs(50), 1000);
    await storeProfile();
    const { replies, post, until } = collect();
    const handle = createScoreHandler(post);
    handle({ type: 'rescore', runId: 7, batchSize: 5 });
    await until(() => replies.some((r) => r.type === 'progress' && r.done >= 5));
    handle({ type: 'cancel', runId: 7 });
    await until(() => replies.some((r) => r.type === 'done'));
    const done = replies.find((r) => r.type === 'done');
    expect(done?.type === 'done' && done.result.cancelled).toBe(true);
    expect(await storedScores()).toHaveLength(0);
  });
});
