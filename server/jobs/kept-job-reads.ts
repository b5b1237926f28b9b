/**
 * Answers computed from the published jobs that are the same for every visitor (the listing's
 * filter values, the home page's new jobs and top companies), kept in memory per database so a
 * burst of loads costs one computation:
 *
 * - an answer is served for JOB_READS_KEPT_MS after its computation started;
 * - requests that come while it is computed wait for that one computation;
 * - a failed computation is not kept (the next request computes again);
 * - `jobsWritten(db)` drops every kept answer of `db` at once, and an answer whose computation
 *   started before it is not kept. Job writes in this process call it; the time limit covers
 *   writes made by another process (a second server, an import job).
 */
import type { Database } from '../db/client';

/** How long a kept answer is served before it is computed again. */
export const JOB_READS_KEPT_MS = 60_000;

export interface Kept<T> {
  readonly value: T;
  /** When its computation started (the clock passed to the read). */
  readonly at: number;
}

interface Entry<T> {
  kept?: Kept<T>;
  pending?: Promise<Kept<T>>;
  /** Bumped by jobsWritten: a computation started before it is not kept. */
  generation: number;
}

const droppers: ((db: Database) => void)[] = [];

/** `compute` for a database, kept as described above; `now` is for tests with a clock. */
export function keptJobRead<T>(
  compute: (db: Database) => Promise<T>,
): (db: Database, now?: number) => Promise<Kept<T>> {
  const entries = new WeakMap<Database, Entry<T>>();
  droppers.push((db) => {
    const entry = entries.get(db);
    if (!entry) return;
    entry.generation += 1;
    entry.kept = undefined;
    entry.pending = undefined;
  });
  return async (db, now = Date.now()) => {
    let entry = entries.get(db);
    if (!entry) {
      entry = { generation: 0 };
      entries.set(db, entry);
    }
    if (entry.kept && now - entry.kept.at < JOB_READS_KEPT_MS) return entry.kept;
    if (entry.pending) return entry.pending;
    const mine = entry;
    const generation = mine.generation;
    const pending = compute(db).then((value) => ({ value, at: now }));
    mine.pending = pending;
    try {
      const kept = await pending;
      if (mine.generation === generation) mine.kept = kept;
      return kept;
    } finally {
      if (mine.pending === pending) mine.pending = undefined;
    }
  };
}

/** Drops every kept answer of `db`: call after creating, changing or deleting jobs. */
export function jobsWritten(db: Database): void {
  for (const drop of droppers) drop(db);
}
