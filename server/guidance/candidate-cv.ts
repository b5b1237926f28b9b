/**
 * `GET /guidance/bookings/{id}/candidate-cv` (issue 19): the referee of a resume-writing order
 * opens the candidate's profile CV — the file they are paid to rewrite — through the same
 * short-lived signed link as every stored file (storage/signed-link.ts). Only the booking's
 * referee, only from payment until delivery (contract candidateCvShared); a stranger gets 404
 * (booking ids are not probed), the candidate 403 (their own CV is on their profile), and a
 * missing CV a 409 in words. The CV is the profile's current one, so a CV replaced after
 * ordering is the one the referee reads.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GuidanceErrors,
  candidateCvShared,
  isLiveKind,
  type BookingState,
  type ServiceKind,
} from '../../src/domain/contract/guidance';
import type { Database } from '../db/client';
import { guidanceBookings, users } from '../db/schema';
import { registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { DOWNLOAD_LINK_SECONDS } from '../storage/get-route';
import { isObjectKey, type ObjectStore } from '../storage/object-store';
import { noStore, signedFileLink, type SignedLinkOptions } from '../storage/signed-link';
import { candidateCvRoute } from './api-routes';

export function registerCandidateCvRoute(
  scope: FastifyInstance,
  options: SignedLinkOptions & {
    db: Database;
    store: ObjectStore;
    party: (request: FastifyRequest) => Promise<{ id: string }>;
    idOf: (request: FastifyRequest) => string;
  },
) {
  const { db, store, party, idOf } = options;
  registerRoute(scope, candidateCvRoute, async (request, reply) => {
    const user = await party(request);
    const [row] = await db
      .select({
        refereeId: guidanceBookings.refereeId,
        candidateId: guidanceBookings.candidateId,
        kind: guidanceBookings.kind,
        state: guidanceBookings.state,
        cvObjectKey: users.cvObjectKey,
        cvFileName: users.cvFileName,
      })
      .from(guidanceBookings)
      .innerJoin(users, eq(users.id, guidanceBookings.candidateId))
      .where(eq(guidanceBookings.id, idOf(request)))
      .limit(1);
    if (!row || (row.refereeId !== user.id && row.candidateId !== user.id)) {
      throw new HttpError(404, GuidanceErrors.bookingNotFound);
    }
    if (row.refereeId !== user.id) throw new HttpError(403, GuidanceErrors.notYours);
    const kind = row.kind as ServiceKind;
    if (isLiveKind(kind)) throw new HttpError(409, GuidanceErrors.cvResumeOnly);
    if (!candidateCvShared({ kind, state: row.state as BookingState })) {
      throw new HttpError(409, GuidanceErrors.cvNotShared);
    }
    const key = row.cvObjectKey;
    if (!key || !isObjectKey(key) || !(await store.exists(key))) {
      throw new HttpError(409, GuidanceErrors.candidateNoCv);
    }
    noStore(reply);
    // A neutral name: the candidate's own file name may carry their full name.
    const extension = row.cvFileName?.match(/\.(pdf|docx?)$/i)?.[1]?.toLowerCase() ?? 'pdf';
    const link = await signedFileLink(options, {
      key,
      name: `Candidate CV.${extension}`,
      seconds: DOWNLOAD_LINK_SECONDS,
    });
    return { data: link };
  });
}
