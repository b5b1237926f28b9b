/**
 * The scoring Web Worker (architecture.md "Scoring"): a thin entry; the work is
 * src/workers/scoring/rescore.ts over src/domain/score. The page talks to it only through
 * src/features/match/score-client.ts.
 */
import { createScoreHandler } from './scoring';

const handle = createScoreHandler((reply) => self.postMessage(reply));
self.addEventListener('message', (event: MessageEvent<unknown>) => handle(event.data));
