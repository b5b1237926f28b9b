import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * The outbox sends `content-type: application/json` on every request, a bodiless DELETE or action
 * POST included; Fastify's own parser refuses an empty JSON body with a 400. In the scope this is
 * called on, an empty body simply means "no body". Every other check (the input guard, each
 * route's schema) still runs on what is parsed.
 */
export function acceptEmptyJson(scope: FastifyInstance) {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => {
      const text = String(body).trim();
      if (text === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new HttpError(400, 'Invalid JSON body'), undefined);
      }
    },
  );
}
