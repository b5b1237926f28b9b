/** Messages between the page (score client) and the scoring worker. */
import type { RescoreProgress, RescoreResult } from './rescore';

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
