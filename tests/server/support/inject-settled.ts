/**
 * `app.inject` as one caller (a bearer token, or nobody), answering once the work the request
 * queued has run (background tasks, durable jobs such as pushes), so a test reads its effects.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';

export async function injectSettled(
  app: FastifyInstance,
  token: string | null | undefined,
  options: InjectOptions,
) {
  const res = await app.inject({
    ...options,
    headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  await app.backgroundTasks.settle();
  await app.jobs.settle();
  return res;
}
