/**
 * Work a request starts but does not wait for: the push notifications that follow a job or
 * application write (issue 8). The response goes out as soon as the write is done; delivery to
 * push services (up to 10 s each, possibly failing) happens after it. A failure is logged and
 * dropped, never turned into an error response: the write it follows has already happened.
 *
 * The tasks in flight are kept, so that
 * - closing the server waits for them (a graceful restart does not lose a notification half
 *   sent), and
 * - a caller that must know the outcome (the server tests) can `settle()` them.
 * This is an in-process queue: a crash loses what is in flight, which a notification can afford.
 */
import type { FastifyInstance } from 'fastify';

export interface BackgroundTasks {
  /** Starts `task` now, without waiting; `label` names it in the log if it fails. */
  run: (label: string, task: () => Promise<unknown>) => void;
  /** Resolves once every task started so far (and any they started) has finished. */
  settle: () => Promise<void>;
  readonly pending: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    backgroundTasks: BackgroundTasks;
  }
}

export function createBackgroundTasks(log: {
  warn: (object: object, message: string) => void;
}): BackgroundTasks {
  const inFlight = new Set<Promise<void>>();
  return {
    run(label, task) {
      const running: Promise<void> = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.warn({ err: error, task: label }, 'background task failed'),
        )
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    async settle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    get pending() {
      return inFlight.size;
    },
  };
}

export function registerBackgroundTasks(app: FastifyInstance) {
  const tasks = createBackgroundTasks(app.log);
  app.decorate('backgroundTasks', tasks);
  // onClose hooks run newest first: whoever closes the database in a hook added later (main.ts)
  // must settle the tasks first itself; this one covers callers that close it after app.close().
  app.addHook('onClose', async () => tasks.settle());
}
