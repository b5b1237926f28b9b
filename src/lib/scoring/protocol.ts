/** Messages between the page (score client) and the scoring worker. */
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
  /** Scores dropped because their job left the cache. */
  readonly removed: number;
  /** Full job rows read from the `jobs` table (the rest came from `scoreInputs`). */
  readonly jobRowsRead: number;
  readonly timings: RescoreTimings;
}

export type ScoreRequest =
  | { readonly type: 'rescore'; readonly runId: number; readonly batchSize?: number }
  | { readonly type: 'cancel'; readonly runId: number };

export type ScoreReply =
  | ({ readonly type: 'progress'; readonly runId: number } & RescoreProgress)
  | { readonly type: 'done'; readonly runId: number; readonly result: RescoreResult }
  | { readonly type: 'error'; readonly runId: number; readonly message: string };

export function isScoreRequest(value: unknown): value is ScoreRequest {
  const message = value as { type?: unknown; runId?: unknown } | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    (message.type === 'rescore' || message.type === 'cancel') &&
    typeof message.runId === 'number'
  );
}
