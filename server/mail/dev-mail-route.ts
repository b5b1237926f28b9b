/**
 * GET /_dev/mail?to=<address> (issue 17): the dev mailbox's messages to one address, newest
 * first, so a newcomer can read the one-time code a local server "mailed". Only in
 * MAIL_MODE=local, and only for callers on this machine with no foreign Origin (the same rule as
 * the identity stand-in's /_dev side, server/identity/admin-guard.ts): a web page open in the
 * developer's browser must not read codes.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { adminRefusal } from '../identity/admin-guard';
import type { DevMailbox } from './mail-sender';

const DevMailQuery = z.object({ to: z.string().check(z.trim(), z.minLength(3), z.maxLength(254)) });

export function registerDevMailRoute(app: FastifyInstance, mailbox: DevMailbox): void {
  app.get('/_dev/mail', async (request, reply) => {
    const refusal = adminRefusal(request.raw);
    if (refusal) return reply.code(403).send({ errorMsg: `The dev mailbox answers ${refusal}` });
    const query = z.safeParse(DevMailQuery, request.query);
    if (!query.success) return reply.code(400).send({ errorMsg: 'Say whose mail: ?to=<address>' });
    reply.header('cache-control', 'no-store');
    return { data: mailbox.to(query.data.to) };
  });
}
