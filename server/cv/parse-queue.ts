/**
 * Runs CV parses in the background, one at a time. The parsing itself happens in a worker
 * thread with a heap cap and a time limit (cv-parser.ts, issue 23 item 1), so the server's event
 * loop only waits on messages; one at a time because there is one worker, and on 2 cores
 * (stack-notes) a second parse would only slow the requests and the first parse. A job never
 * throws out of the queue: a failure is logged (never the CV's contents) and the queue moves on.
 *
 * `idle()` resolves when nothing is queued or running: tests and shutdown await it instead of
 * sleeping.
 */
import type { FastifyBaseLogger } from 'fastify';

export class CvParseQueue {
  private tail: Promise<void> = Promise.resolve();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Queues the job and returns at once; the returned promise settles when it has run. */
  enqueue(name: string, job: () => Promise<void>): Promise<void> {
    const run = this.tail.then(async () => {
      // Let the request that queued the job answer first.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        await job();
      } catch (error) {
        this.log.error({ err: error, job: name }, 'background CV job failed');
      }
    });
    this.tail = run;
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return run;
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
