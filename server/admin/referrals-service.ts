/**
 * Referral oversight (issue 21 item 3; contract src/domain/contract/admin-referrals.ts).
 *
 * Disputes are timeline events (referral_events, append-only): `dispute` by the candidate
 * (reason notReferred) or a referee (wasReferred), `resolve` by an admin (reason release or
 * consume). A request is disputed while its last dispute is newer than its last resolution.
 * Stuck: accepted and not referred, or waiting with no referee, for stuckAfterDays.
 *
 * Resolving moves the request's credit exactly once, under the request lock then the user's
 * credit lock (the lifecycle's lock order, referrals/service.ts):
 * - release (the candidate gets the credit back): a held credit is released and the request
 *   ends (cancelled by an admin); a consumed one is given back by a `release` row keyed
 *   `resolve:<request>`, so a request's credit can come back once only; a released one is left.
 * - consume (the referral counts as made): a held credit is consumed and the request becomes
 *   referred by the referee who says they referred (or the one who accepted it); a consumed one
 *   is left; a released one cannot be taken back (409): the candidate may have spent it.
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OversightErrors,
  OversightLimits,
  type CreditState,
  type DisputeKind,
  type OversightDetail,
  type OversightItem,
  type Resolution,
  type StuckKind,
} from '../../src/domain/contract/admin-referrals';
import { ReferralLimits, type ReferralState } from '../../src/domain/contract/referrals';
import type { Database } from '../db/client';
import {
  companies,
  creditLedger,
  referralEvents,
  referralOffers,
  referralRequests,
  users,
} from '../db/schema';
import { HttpError } from '../http/errors';
import { consumeHold, recordMovement, releaseHold, type Tx } from '../referrals/credits';
import { recordAudit } from './audit';
import type { AdminActor } from './users-service';

const DAY = 24 * 3_600_000;
type RequestRow = typeof referralRequests.$inferSelect;

const candidate = alias(users, 'candidate');
const referee = alias(users, 'referee');

// Per request: the last dispute (if no resolution followed it) and the credit's state.
const lastResolve = sql`(select max(r.id) from referral_events r where r.request_id = ${referralRequests.id} and r.action = 'resolve')`;
const openDisputeId = sql<
  number | null
>`(select max(d.id) from referral_events d where d.request_id = ${referralRequests.id} and d.action = 'dispute' and d.id > coalesce(${lastResolve}, 0))`;
const creditState = sql<CreditState>`case
  when not exists (select 1 from credit_ledger h where h.unique_key = 'hold:' || ${referralRequests.id}) then 'none'
  when exists (select 1 from credit_ledger g where g.unique_key = 'resolve:' || ${referralRequests.id}) then 'released'
  else coalesce((select case s.kind when 'release' then 'released' else 'consumed' end from credit_ledger s where s.unique_key = 'settle:' || ${referralRequests.id}), 'held')
end`;
const lastResolution = sql<
  string | null
>`(select r.reason from referral_events r where r.request_id = ${referralRequests.id} and r.action = 'resolve' order by r.id desc limit 1)`;

function stuckCondition(now: Date): SQL {
  const before = new Date(now.getTime() - OversightLimits.stuckAfterDays * DAY);
  return sql`((${referralRequests.state} = 'accepted' or (${referralRequests.state} = 'approved' and ${referralRequests.currentRefereeId} is null)) and ${referralRequests.updatedAt} <= ${before})`;
}

function stuckKind(row: RequestRow, now: Date): StuckKind | null {
  const due = row.updatedAt.getTime() <= now.getTime() - OversightLimits.stuckAfterDays * DAY;
  if (!due) return null;
  if (row.state === 'accepted') return 'notReferred';
  if (row.state === 'approved' && !row.currentRefereeId) return 'noReferee';
  return null;
}

async function loadItems(db: Database | Tx, where: SQL, now: Date): Promise<OversightItem[]> {
  const rows = await db
    .select({
      request: referralRequests,
      companyName: companies.name,
      candidate: { id: candidate.id, name: candidate.name, email: candidate.email },
      referee: { id: referee.id, name: referee.name, email: referee.email },
      credit: creditState,
      resolution: lastResolution,
      dispute: {
        id: referralEvents.id,
        reason: referralEvents.reason,
        text: referralEvents.text,
        at: referralEvents.at,
        actorId: referralEvents.actorId,
      },
    })
    .from(referralRequests)
    .innerJoin(companies, eq(companies.id, referralRequests.companyId))
    .innerJoin(candidate, eq(candidate.id, referralRequests.candidateId))
    .leftJoin(referralEvents, eq(referralEvents.id, openDisputeId))
    // The referee shown: the one who disputed, else the one holding the request.
    .leftJoin(
      referee,
      eq(
        referee.id,
        sql`case when ${referralEvents.reason} = 'wasReferred' then ${referralEvents.actorId} else ${referralRequests.currentRefereeId} end`,
      ),
    )
    .where(where)
    .orderBy(asc(referralRequests.updatedAt), asc(referralRequests.id))
    .limit(OversightLimits.listSize);
  return rows.map((row) => ({
    id: row.request.id,
    state: row.request.state as ReferralState,
    companyName: row.companyName,
    jobTitle: row.request.jobTitle,
    candidate: { ...row.candidate, name: row.candidate.name || 'User' },
    referee: row.referee?.id ? { ...row.referee, name: row.referee.name || 'User' } : null,
    dispute: row.dispute?.id
      ? {
          kind: row.dispute.reason as DisputeKind,
          by: row.dispute.reason === 'wasReferred' ? 'referee' : 'candidate',
          note: row.dispute.text ?? '',
          at: row.dispute.at.toISOString(),
        }
      : null,
    stuck: stuckKind(row.request, now),
    credit: row.credit,
    resolution: (row.resolution as Resolution | null) ?? null,
    createdAt: row.request.createdAt.toISOString(),
    updatedAt: row.request.updatedAt.toISOString(),
  }));
}

export function listOversight(
  db: Database,
  filter: 'attention' | 'disputed' | 'stuck',
  now: Date,
): Promise<OversightItem[]> {
  const disputed = sql`${openDisputeId} is not null`;
  const stuck = stuckCondition(now);
  const where =
    filter === 'disputed' ? disputed : filter === 'stuck' ? stuck : sql`(${disputed} or ${stuck})`;
  return loadItems(db, where, now);
}

export async function oversightDetail(
  db: Database,
  id: string,
  now: Date,
): Promise<OversightDetail> {
  const [item] = await loadItems(db, eq(referralRequests.id, id), now);
  if (!item) throw new HttpError(404, OversightErrors.notFound);
  const [timeline, ledger] = await Promise.all([
    db
      .select({ event: referralEvents, actorName: users.name })
      .from(referralEvents)
      .leftJoin(users, eq(users.id, referralEvents.actorId))
      .where(eq(referralEvents.requestId, id))
      .orderBy(asc(referralEvents.id)),
    db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.requestId, id))
      .orderBy(asc(creditLedger.id)),
  ]);
  return {
    request: item,
    timeline: timeline.map(({ event, actorName }) => ({
      action: event.action,
      from: event.fromState,
      to: event.toState,
      actor: event.actorKind,
      actorName: actorName || null,
      reason: event.reason,
      text: event.text,
      at: event.at.toISOString(),
    })),
    ledger: ledger.map((row) => ({
      kind: row.kind,
      amount: row.amount,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Resolve.

async function creditOf(tx: Tx, requestId: string): Promise<CreditState> {
  const keys = [`hold:${requestId}`, `settle:${requestId}`, `resolve:${requestId}`];
  const rows = await tx
    .select({ key: creditLedger.uniqueKey, kind: creditLedger.kind })
    .from(creditLedger)
    .where(inArray(creditLedger.uniqueKey, keys));
  const byKey = new Map(rows.map((row) => [row.key, row.kind]));
  if (!byKey.has(keys[0]!)) return 'none';
  if (byKey.has(keys[2]!)) return 'released';
  const settle = byKey.get(keys[1]!);
  return settle === undefined ? 'held' : settle === 'release' ? 'released' : 'consumed';
}

async function openDispute(tx: Tx, requestId: string) {
  const [row] = await tx
    .select()
    .from(referralEvents)
    .where(
      and(
        eq(referralEvents.requestId, requestId),
        inArray(referralEvents.action, ['dispute', 'resolve']),
      ),
    )
    .orderBy(desc(referralEvents.id))
    .limit(1);
  return row?.action === 'dispute' ? row : null;
}

async function withdrawOpenOffer(
  tx: Tx,
  requestId: string,
  exceptReferee: string | null,
  now: Date,
) {
  await tx
    .update(referralOffers)
    .set({ answer: 'withdrawn', answeredAt: now })
    .where(
      and(
        eq(referralOffers.requestId, requestId),
        isNull(referralOffers.answer),
        exceptReferee ? ne(referralOffers.refereeId, exceptReferee) : undefined,
      ),
    );
}

export async function resolveReferral(
  db: Database,
  input: { id: string; outcome: Resolution; reason: string; actor: AdminActor; now: Date },
): Promise<void> {
  const { now, outcome } = input;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(referralRequests)
      .where(eq(referralRequests.id, input.id))
      .for('update');
    if (!row) throw new HttpError(404, OversightErrors.notFound);
    const dispute = await openDispute(tx, row.id);
    if (!dispute && !stuckKind(row, now))
      throw new HttpError(409, OversightErrors.nothingToResolve);
    const credit = await creditOf(tx, row.id);
    if (credit === 'none') throw new HttpError(409, OversightErrors.noCredit);
    const fromState = row.state as ReferralState;
    let toState: ReferralState = fromState;
    const admin = { actorKind: 'admin', actorId: input.actor.userId };

    if (outcome === 'release') {
      if (credit === 'held') {
        toState = 'cancelled';
        await withdrawOpenOffer(tx, row.id, null, now);
        await tx
          .update(referralRequests)
          .set({ state: toState, currentRefereeId: null, deadline: null, updatedAt: now })
          .where(eq(referralRequests.id, row.id));
        await tx.insert(referralEvents).values({
          requestId: row.id,
          action: 'cancel',
          fromState,
          toState,
          ...admin,
          reason: 'byAdmin',
          text: input.reason,
          at: now,
        });
        await releaseHold(
          tx,
          row.candidateId,
          row.id,
          ReferralLimits.creditCost,
          'Referral request cancelled by an admin',
        );
      } else if (credit === 'consumed') {
        await recordMovement(tx, {
          userId: row.candidateId,
          kind: 'release',
          amount: ReferralLimits.creditCost,
          uniqueKey: `resolve:${row.id}`,
          requestId: row.id,
          note: 'Credit returned by an admin',
          createdBy: input.actor.userId ?? input.actor.sub,
        });
      }
    } else {
      if (credit === 'released') throw new HttpError(409, OversightErrors.alreadyReleased);
      if (credit === 'held') {
        const referrer =
          dispute?.reason === 'wasReferred'
            ? dispute.actorId
            : row.state === 'accepted'
              ? row.currentRefereeId
              : null;
        if (!referrer) throw new HttpError(409, OversightErrors.noReferee);
        toState = 'referred';
        await withdrawOpenOffer(tx, row.id, referrer, now);
        await tx
          .update(referralOffers)
          .set({ answer: 'referred' })
          .where(and(eq(referralOffers.requestId, row.id), eq(referralOffers.refereeId, referrer)));
        await tx
          .update(referralRequests)
          .set({ state: toState, currentRefereeId: referrer, deadline: null, updatedAt: now })
          .where(eq(referralRequests.id, row.id));
        await consumeHold(tx, row.candidateId, row.id);
      }
    }
    await tx.insert(referralEvents).values({
      requestId: row.id,
      action: 'resolve',
      fromState: toState,
      toState,
      ...admin,
      reason: outcome,
      text: input.reason,
      at: now,
    });
    await recordAudit(tx, {
      actorId: input.actor.sub,
      actorRole: 'admin',
      action: outcome === 'release' ? 'referral.release' : 'referral.consume',
      subjectType: 'referral',
      subjectId: row.id,
      before: { state: fromState, credit, dispute: dispute?.reason ?? null },
      after: {
        state: toState,
        credit: outcome === 'release' ? 'released' : 'consumed',
      },
      reason: input.reason,
    });
  });
}
