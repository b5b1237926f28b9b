/**
 * POST /api/contact-requests: the corporate contact form. Public (no sign-in), so it is
 * rate-limited per client address by a small in-memory limiter, and every field is validated:
 * a bad body answers 400 with `errorMsg` (the first problem) and `errors` (one message per
 * field) so the form can show each message next to its control.
 */
import type { FastifyInstance } from 'fastify';
import { createRateLimiter } from './rate-limiter';
import { ContactRequestSchema, fieldErrors } from './schema';
import { createContactStore } from './store';

/** A person sends one request, maybe a corrected second; a script gets 429 after five. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

export function registerContactRoutes(
  app: FastifyInstance,
  { dataDir, prefix = '/api' }: { dataDir: string; prefix?: string },
) {
  const store = createContactStore(dataDir);
  const limiter = createRateLimiter(CONTACT_RATE_LIMIT);

  app.post(`${prefix}/contact-requests`, async (request, reply) => {
    const waitS = limiter.hit(request.ip);
    if (waitS > 0) {
      void reply.header('retry-after', String(waitS));
      return reply
        .code(429)
        .send({ errorMsg: `Too many requests. Please try again in ${waitS} s.` });
    }
    const parsed = ContactRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      const first = Object.values(errors)[0] ?? 'Please check the form.';
      return reply.code(400).send({ errorMsg: first, errors });
    }
    const stored = await store.append(parsed.data);
    request.log.info({ contactRequestId: stored.id }, 'contact request stored');
    return reply.code(201).send({ id: stored.id, receivedAt: stored.receivedAt });
  });
}
