/**
 * "Report a problem" on a referral request (issue 21 item 3): its candidate says the referral was
 * not made (a referred or acknowledged request), or a referee who accepted it and then lost it
 * (it timed out, passed on, ended) says they did refer. Each party once per request; the admin's
 * oversight queue (admin/referrals-service.ts) lists it until an admin resolves it. Recorded as a
 * `dispute` event on the request's timeline (append-only), under the request's row lock.
 */
import { and, eq } from 'drizzle-orm';
import { OversightErrors, type DisputeKind } from '../../src/domain/contract/admin-referrals';
import type { Database } from '../db/client';
import { referralEvents, referralOffers, referralRequests } from '../db/schema';
import { HttpError } from '../http/errors';
import type { UserRecord } from '../users/current-user';

export async function disputeReferral(
  db: Database,
  input: { requestId: string; user: UserRecord | undefined; note: string; now: Date },
): Promise<DisputeKind> {
  const { user } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(referralRequests)
      .where(eq(referralRequests.id, input.requestId))
      .for('update');
    if (!row) throw new HttpError(404, OversightErrors.notFound);
    if (!user) throw new HttpError(403, OversightErrors.cannotDispute);
    let kind: DisputeKind | null = null;
    if (row.candidateId === user.id) {
      if (row.state === 'referred' || row.state === 'acknowledged') kind = 'notReferred';
    } else {
      const [offer] = await tx
        .select({ answer: referralOffers.answer })
        .from(referralOffers)
        .where(and(eq(referralOffers.requestId, row.id), eq(referralOffers.refereeId, user.id)))
        .limit(1);
      // An accepted offer keeps its answer when the request times out or moves on (service.ts).
      const stillTheirs = row.state === 'accepted' && row.currentRefereeId === user.id;
      const referred = row.state === 'referred' || row.state === 'acknowledged';
      if (offer?.answer === 'accepted' && !stillTheirs && !referred) kind = 'wasReferred';
    }
    if (!kind) throw new HttpError(403, OversightErrors.cannotDispute);
    const [earlier] = await tx
      .select({ id: referralEvents.id })
      .from(referralEvents)
      .where(
        and(
          eq(referralEvents.requestId, row.id),
          eq(referralEvents.action, 'dispute'),
          eq(referralEvents.actorId, user.id),
        ),
      )
      .limit(1);
    if (earlier) throw new HttpError(409, OversightErrors.alreadyDisputed);
    await tx.insert(referralEvents).values({
      requestId: row.id,
      action: 'dispute',
      fromState: row.state,
      toState: row.state,
      actorKind: kind === 'notReferred' ? 'candidate' : 'referee',
      actorId: user.id,
      reason: kind,
      text: input.note,
      at: input.now,
    });
    return kind;
  });
}
