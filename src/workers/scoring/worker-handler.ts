/**
 * The scoring worker's message handling, kept out of the worker entry so tests can drive it in
 * process. Runs are serial (one rescore at a time, in arrival order); `cancel` aborts the run
 * with that id, or drops it from the queue if it has not started.
 */
import { dexieScoreStore, isScoreRequest, type ScoreReply, type ScoreStore } from '@/lib/scoring';
import { rescore } from './rescore';

export function createScoreHandler(
  post: (reply: ScoreReply) => void,
  store: () => ScoreStore = dexieScoreStore,
): (message: unknown) => void {
  const controllers = new Map<number, AbortController>();
  let queue: Promise<void> = Promise.resolve();

  return (message) => {
    if (!isScoreRequest(message)) return; // e.g. our own replies when run on a window
    if (message.type === 'cancel') {
      controllers.get(message.runId)?.abort();
      return;
    }
    const { runId, batchSize } = message;
    const controller = new AbortController();
    controllers.set(runId, controller);
    queue = queue.then(async () => {
      try {
        const result = await rescore(store(), {
          batchSize,
          signal: controller.signal,
          onProgress: (progress) => post({ type: 'progress', runId, ...progress }),
        });
        post({ type: 'done', runId, result });
      } catch (error) {
        post({
          type: 'error',
          runId,
          message: error instanceof Error ? error.message : String(error),
        });
      } finally {
        controllers.delete(runId);
      }
    });
  };
}
