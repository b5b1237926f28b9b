/**
 * POST /api/contact-requests: the corporate contact form. Public (no sign-in), so it is
 * rate-limited per client address by a small in-memory limiter, and every field is validated:
 * a bad body answers 400 with `errorMsg` (the first problem) and `errors` (one message per
 * field) so the form can show each message next to its control.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  ContactCreatedSchema,
  ContactLimits,
  ContactRequestSchema,
  contactFieldErrors,
} from '../../src/domain/contract/contact';
import { defineRoute, registerRoute } from '../http/api-route';
import { createRateLimiter } from './rate-limiter';
import { createContactStore } from './store';

/** A person sends one request, maybe a corrected second; a script gets 429 after five. */
export const CONTACT_RATE_LIMIT = ContactLimits;

export const contactRequestRoute = defineRoute({
  method: 'POST',
  url: `${API_PREFIX}/contact-requests`,
  summary: 'A corporate contact request (public, no sign-in)',
  body: ContactRequestSchema,
  responses: {
    201: { description: '`{ id, receivedAt }`', schema: ContactCreatedSchema },
    400: { description: '`{ errorMsg, errors }`: the first message, and one per field' },
    429: { description: 'Too many requests from this address (Retry-After)' },
  },
});

export function registerContactRoutes(app: FastifyInstance, { dataDir }: { dataDir: string }) {
  const store = createContactStore(dataDir);
  const limiter = createRateLimiter(CONTACT_RATE_LIMIT);

  registerRoute(app, contactRequestRoute, async (request, reply) => {
    const waitS = limiter.hit(request.ip);
    if (waitS > 0) {
      void reply.header('retry-after', String(waitS));
      return reply
        .code(429)
        .send({ errorMsg: `Too many requests. Please try again in ${waitS} s.` });
    }
    const parsed = z.safeParse(contactRequestRoute.body, request.body ?? {});
    if (!parsed.success) {
      const errors = contactFieldErrors(parsed.error.issues);
      const first = Object.values(errors)[0] ?? 'Please check the form.';
      return reply.code(400).send({ errorMsg: first, errors });
    }
    const stored = await store.append(parsed.data);
    request.log.info({ contactRequestId: stored.id }, 'contact request stored');
    return reply.code(201).send({ id: stored.id, receivedAt: stored.receivedAt });
  });
}
