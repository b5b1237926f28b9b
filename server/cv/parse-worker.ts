/**
 * The parse worker's body (started by cv-parser.ts through the entry in cv-parser.ts): parses one
 * CV per message and answers with the profile or the failure code. Whatever pdf.js does here
 * costs this thread's heap and time, not the server's event loop.
 *
 * An unexpected error is sent back as its name and message only: pdf.js messages describe the
 * file's structure, not its text, and the stack stays here.
 */
import { parentPort } from 'node:worker_threads';
import { getResolvedPDFJS } from 'unpdf';
import { parseCv } from './parse-cv';
import { CvParseFailure } from './parse-errors';
import type { ParseReply, ParseRequest, WorkerReady } from './parse-protocol';

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs only as a worker thread (see cv-parser.ts)');

port.on('message', (request: ParseRequest) => {
  void (async () => {
    let reply: ParseReply;
    try {
      const profile = await parseCv(
        Buffer.from(request.bytes),
        new Date(request.now),
        request.limits,
      );
      reply = { id: request.id, ok: true, profile };
    } catch (error) {
      reply =
        error instanceof CvParseFailure
          ? { id: request.id, ok: false, code: error.code, detail: error.detail }
          : {
              id: request.id,
              ok: false,
              code: 'failed',
              detail: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error',
            };
    }
    port.postMessage(reply);
  })();
});
// Load pdf.js before saying ready, so its start-up does not count against a parse's time limit.
await getResolvedPDFJS();
port.postMessage({ ready: true } satisfies WorkerReady);
