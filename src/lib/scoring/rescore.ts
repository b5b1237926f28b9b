/**
 * One rescore run over the cached jobs (issue 7), the logic behind the scoring worker:
 *
 * - Full when the profile version differs from the last run's (a new CV, an edited profile,
 *   a new algorithm version): every cached job is scored again.
 * - Incremental otherwise: only jobs with no score for this version (new in the cache, or left
 *   by a cancelled run) and jobs re-cached since the last run started (their data may differ).
 * - Batches: read a batch of jobs by id, score it, write its scores in one bulkPut, report
 *   progress, then yield (setTimeout) so a cancel message gets through. spec §9 paces scoring
 *   at 25 jobs per batch with a 50 ms pause; that pacing protected the main thread and the
 *   server of the original, where scores came from the network. Here scoring runs off the main
 *   thread over local data, and 25/50 ms would take 20 s for 10,000 jobs against issue 7's
 *   500 ms target, so the worker uses larger batches and no pause (docs/decisions.md). Callers
 *   may still ask for the spec's pacing (SCORE_BATCH_SIZE, SCORE_BATCH_PAUSE_MS).
 * - Cancelled runs stop between batches; what they wrote stays valid (it carries the version),
 *   and the next run carries on from there (still reported as a full rescore).
 * - Scores of jobs no longer cached are deleted on every run.
 */
import { createScorer, toBatches } from '@/domain/score';
import type { JobRecord, MatchScore } from '@/lib/db';
import type { ScoreStore } from './score-store';

/** Jobs per batch in the worker: about 10 ms of work, so a cancel waits at most that long. */
export const WORKER_BATCH_SIZE = 1000;

export type RescoreMode = 'none' | 'full' | 'incremental';

export interface RescoreProgress {
  readonly mode: RescoreMode;
  readonly done: number;
  readonly total: number;
}

export interface RescoreTimings {
  /** Reading keys and job rows from IndexedDB. */
  readonly readMs: number;
  /** The scoring function alone. */
  readonly scoreMs: number;
  /** Writing scores (and deleting orphans). */
  readonly writeMs: number;
  readonly totalMs: number;
}

export interface RescoreResult extends RescoreProgress {
  readonly profileVersion: string | null;
  readonly cancelled: boolean;
  readonly removed: number;
  readonly timings: RescoreTimings;
}

export interface RescoreOptions {
  readonly batchSize?: number;
  readonly pauseMs?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: RescoreProgress) => void;
  readonly now?: () => number;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function rescore(
  store: ScoreStore,
  options: RescoreOptions = {},
): Promise<RescoreResult> {
  const clock = () => performance.now();
  const now = options.now ?? Date.now;
  const started = clock();
  const startedAt = now();
  const timings = { readMs: 0, scoreMs: 0, writeMs: 0 };
  const timed = async <T>(part: keyof typeof timings, work: () => Promise<T> | T): Promise<T> => {
    const from = clock();
    try {
      return await work();
    } finally {
      timings[part] += clock() - from;
    }
  };
  const finish = (result: Omit<RescoreResult, 'timings'>): RescoreResult => ({
    ...result,
    timings: { ...timings, totalMs: clock() - started },
  });

  const profile = await timed('readMs', () => store.readProfile());
  if (!profile?.scorable) {
    return finish({
      mode: 'none',
      done: 0,
      total: 0,
      profileVersion: null,
      cancelled: false,
      removed: 0,
    });
  }
  const version = profile.version;
  const [jobIds, scoreIds, state] = await timed('readMs', () =>
    Promise.all([store.jobIds(), store.allScoreIds(), store.readState()]),
  );
  const newVersion = state?.profileVersion !== version;
  let todo: string[];
  if (newVersion) {
    todo = jobIds;
    // Record the run first: if it is cancelled, the next run resumes it from here.
    await timed('writeMs', () =>
      store.writeState({ profileVersion: version, scoredUpTo: startedAt, complete: false }),
    );
  } else {
    const [scored, changed] = await timed('readMs', () =>
      Promise.all([store.scoredJobIds(version), store.jobIdsCachedAfter(state.scoredUpTo)]),
    );
    const fresh = new Set(scored);
    for (const id of changed) fresh.delete(id);
    todo = jobIds.filter((id) => !fresh.has(id));
  }
  // A full rescore stopped half-way (cancelled, tab closed) is still a full rescore when resumed.
  const mode: RescoreMode = newVersion || state.complete === false ? 'full' : 'incremental';

  const cached = new Set(jobIds);
  const orphans = scoreIds.filter((id) => !cached.has(id));
  if (orphans.length > 0) await timed('writeMs', () => store.deleteScores(orphans));

  const score = createScorer(profile.profile);
  const total = todo.length;
  const batchSize = options.batchSize ?? WORKER_BATCH_SIZE;
  let done = 0;
  options.onProgress?.({ mode, done, total });
  for await (const jobs of readBatches(store, jobIds, todo, batchSize, timings)) {
    if (options.signal?.aborted) {
      return finish({
        mode,
        done,
        total,
        profileVersion: version,
        cancelled: true,
        removed: orphans.length,
      });
    }
    const computedAt = now();
    const scoringFrom = clock();
    const rows: MatchScore[] = [];
    for (const job of jobs) {
      const details = score(job);
      rows.push({
        jobId: job.id,
        score: details.finalScore,
        details,
        profileVersion: version,
        computedAt,
      });
    }
    timings.scoreMs += clock() - scoringFrom;
    await timed('writeMs', () => store.writeScores(rows));
    done += jobs.length;
    options.onProgress?.({ mode, done, total });
    await pause(options.pauseMs ?? 0);
  }
  await timed('writeMs', () =>
    store.writeState({ profileVersion: version, scoredUpTo: startedAt, complete: true }),
  );
  return finish({
    mode,
    done,
    total,
    profileVersion: version,
    cancelled: false,
    removed: orphans.length,
  });
}

/**
 * The jobs to score, batch by batch. Most of the cache (a full rescore): walk it in id order, one
 * getAll per batch, skipping jobs already current. A few jobs (incremental): read them by id.
 * Jobs evicted since the keys were read are skipped.
 */
async function* readBatches(
  store: ScoreStore,
  jobIds: readonly string[],
  todo: readonly string[],
  batchSize: number,
  timings: { readMs: number },
): AsyncGenerator<JobRecord[]> {
  const read = async <T>(work: () => Promise<T>): Promise<T> => {
    const from = performance.now();
    try {
      return await work();
    } finally {
      timings.readMs += performance.now() - from;
    }
  };
  if (todo.length > jobIds.length / 2) {
    const wanted = new Set(todo);
    let after: string | null = null;
    for (;;) {
      const rows = await read(() => store.readJobsAfter(after, batchSize));
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      yield rows.filter((row) => wanted.has(row.id));
    }
  }
  for (const ids of toBatches(todo, batchSize)) {
    const rows = await read(() => store.readJobs(ids));
    yield rows.filter((row): row is JobRecord => row !== undefined);
  }
}
