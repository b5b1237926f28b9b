/**
 * The referral lifecycle's writes (issue 16): creating and evaluating a request, the referee's
 * and the candidate's actions, admin expiry and cancellation, and the system's offers,
 * time-outs and expiry (sweep.ts). Every change runs in one transaction that first locks the
 * request's row (`SELECT … FOR UPDATE`), asks the transition table (state-machine.ts), writes the
 * new state, a timeline event and any credit movement (credits.ts, which locks the user's row),
 * so two racing actions on one request are applied one after the other, and the second sees
 * the first's result (409) instead of overwriting it. Lock order is always request, then user
 * (create locks only the user: its request row is new), so transactions cannot deadlock.
 *
 * Time comes from the caller (`now`), so tests move the clock instead of waiting.
 * Notifications are collected as notices and sent by the caller after the commit.
 */
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  DECLINE_REASONS,
  OPEN_REFERRAL_STATES,
  ReferralErrors,
  ReferralLimits,
  type CreateReferralInput,
  type DeclineReferralInput,
  type ReferReferralInput,
  type ReferralAction,
  type ReferralResultType,
  type ReferralState,
  isHttpJobUrl,
} from '../../src/domain/contract/referrals';
import { profileState } from '../../src/domain/profile-state';
import { scoreMatch, type ScoreDetails } from '../../src/domain/score';
import type { Database } from '../db/client';
import { latestAssessments, latestOverallSql } from '../evaluator/latest';
import {
  companies,
  jobs,
  refereeProfiles,
  referralEvents,
  referralOffers,
  referralRequests,
  users,
} from '../db/schema';
import { HttpError } from '../http/errors';
import { candidateProfileOf, scorableJob } from '../jobs/match-score';
import type { ObjectStore } from '../storage/object-store';
import type { UserRecord } from '../users/current-user';
import {
  appendLedger,
  balanceOf,
  consumeHold,
  holdKey,
  lockCreditAccount,
  releaseHold,
  type Tx,
} from './credits';
import { takeProofFile } from './proof';
import { eligibilityResult, isCompanyJobUrl, isEvaluableJob, matchVerdict } from './evaluation';
import { FAIRNESS_WINDOW_DAYS, rankReferees, type MatchTarget } from './matching';
import type { NoticeKind, ReferralNotice } from './notify';
import { decide, type RequestRole } from './state-machine';

type RequestRow = typeof referralRequests.$inferSelect;
type JobRow = typeof jobs.$inferSelect;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A 409 whose body also says the request's state, so an offline client can explain. */
export class ReferralConflict extends HttpError {
  constructor(
    message: string,
    readonly state: ReferralState,
  ) {
    super(409, message);
  }
}

interface Actor {
  readonly kind: 'candidate' | 'referee' | 'admin' | 'system';
  readonly id: string | null;
}
const SYSTEM: Actor = { kind: 'system', id: null };

/** Everything a change writes besides the request row: the event, and who to tell. */
class Change {
  readonly notices: ReferralNotice[] = [];
  constructor(
    readonly tx: Tx,
    readonly now: Date,
    public row: RequestRow,
    readonly companyName: string,
  ) {}

  notify(kind: NoticeKind, to: string | null, extra: Partial<ReferralNotice> = {}) {
    if (!to) return;
    this.notices.push({
      kind,
      to,
      requestId: this.row.id,
      jobTitle: this.row.jobTitle,
      companyName: this.companyName,
      ...extra,
    });
  }

  /** Moves the request to `to`, records the event, keeps `row` current. */
  async move(
    action: ReferralAction,
    to: ReferralState,
    actor: Actor,
    set: Partial<typeof referralRequests.$inferInsert> = {},
    event: { reason?: string | null; text?: string | null } = {},
  ) {
    const from = this.row.state;
    const [updated] = await this.tx
      .update(referralRequests)
      .set({ ...set, state: to, updatedAt: this.now })
      .where(eq(referralRequests.id, this.row.id))
      .returning();
    this.row = updated!;
    await this.tx.insert(referralEvents).values({
      requestId: this.row.id,
      action,
      fromState: from,
      toState: to,
      actorKind: actor.kind,
      actorId: actor.id,
      reason: event.reason ?? null,
      text: event.text ?? null,
      at: this.now,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Create + evaluate.

export interface CreateOutcome {
  type: ReferralResultType;
  requestId: string | null;
  balance: number;
  notices: ReferralNotice[];
}

/** The pasted link as stored and compared: no fragment, so `#apply` is the same job. */
function normaliseJobUrl(value: string): string {
  const url = new URL(value);
  url.hash = '';
  return url.toString();
}

function isOpenJobViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const record = current as {
      code?: string;
      constraint?: string;
      message?: string;
      cause?: unknown;
    };
    if (
      record.code === '23505' &&
      (record.constraint ?? record.message ?? '').includes('referral_requests_open_job_idx')
    )
      return true;
    current = record.cause;
  }
  return false;
}

export async function createReferralRequest(
  db: Database,
  store: Pick<ObjectStore, 'exists'>,
  { user, input, now }: { user: UserRecord; input: CreateReferralInput; now: Date },
): Promise<CreateOutcome> {
  if ((input.jobId ? 1 : 0) + (input.jobUrl ? 1 : 0) !== 1) {
    throw new HttpError(400, ReferralErrors.oneJob);
  }
  if (input.jobUrl !== undefined && !isHttpJobUrl(input.jobUrl)) {
    throw new HttpError(400, ReferralErrors.jobUrlNotHttp);
  }
  const [company] = await db
    .select()
    .from(companies)
    .where(eq(companies.id, input.companyId))
    .limit(1);
  if (!company) throw new HttpError(404, ReferralErrors.companyNotFound);

  let job: JobRow | null = null;
  if (input.jobId) {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, input.jobId)).limit(1);
    if (!row || row.status === 'DRAFT') throw new HttpError(404, ReferralErrors.jobNotFound);
    if (row.companyId !== company.id) throw new HttpError(400, ReferralErrors.jobOfOtherCompany);
    // issue 16: a request is tied to one live job.
    if (row.status !== 'PUBLISHED') throw new HttpError(422, ReferralErrors.jobNotOpen);
    job = row;
  }
  const jobKey = job ? job.id : normaliseJobUrl(input.jobUrl!);

  // Facts outside the database first: the profile and the CV object (spec §4 eligibility).
  const profile = profileState({
    CTC: user.ctc,
    YOE: user.yoe,
    isCvExtracted: user.isCvExtracted,
    designation: user.designation,
    skillCount: user.coreSkills.length + user.softSkills.length + user.technicalSkills.length,
  });
  const profileComplete = profile.complete;
  const cvFound =
    profileComplete && user.cvObjectKey !== null && (await store.exists(user.cvObjectKey));
  const jobValid = job ? isEvaluableJob(job) : isCompanyJobUrl(jobKey, company.careerUrl);
  const score: ScoreDetails | null = job
    ? scoreMatch(candidateProfileOf(user), scorableJob(job))
    : null;

  try {
    return await db.transaction(async (tx) => {
      // The per-user lock: this candidate's requests and credit movements queue here.
      await lockCreditAccount(tx, user.id);
      const previous = await tx
        .select({ state: referralRequests.state })
        .from(referralRequests)
        .where(and(eq(referralRequests.candidateId, user.id), eq(referralRequests.jobKey, jobKey)));
      const open = OPEN_REFERRAL_STATES as readonly string[];
      const balance = await balanceOf(tx, user.id);
      const failed = eligibilityResult({
        profileComplete,
        cvFound,
        alreadyRequested: previous.some((row) => open.includes(row.state)),
        previousTries: previous.length,
        jobValid,
        balance,
      });
      if (failed) return { type: failed, requestId: null, balance, notices: [] };

      const [inserted] = await tx
        .insert(referralRequests)
        .values({
          id: randomUUID(),
          candidateId: user.id,
          companyId: company.id,
          jobId: job?.id ?? null,
          jobUrl: job ? null : jobKey,
          jobTitle: job?.jobTitle ?? input.jobTitle ?? null,
          jobKey,
          note: input.note ?? '',
          state: 'requested',
          attempt: previous.length + 1,
          matchScore: score,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const change = new Change(tx, now, inserted!, company.name);
      await tx.insert(referralEvents).values({
        requestId: inserted!.id,
        action: 'request',
        fromState: null,
        toState: 'requested',
        actorKind: 'candidate',
        actorId: user.id,
        text: input.note || null,
        at: now,
      });

      const verdict = matchVerdict(score);
      if (!verdict.accepted) {
        await change.move(
          'reject',
          'rejected',
          SYSTEM,
          { rejectionReasons: [...verdict.reasons] },
          { reason: 'notAGoodMatch', text: 'Not a good match.' },
        );
        change.notify('rejected', user.id);
        return {
          type: 'RequestRejected',
          requestId: inserted!.id,
          balance,
          notices: change.notices,
        };
      }
      await change.move(
        'approve',
        'approved',
        SYSTEM,
        {},
        {
          text: 'The CV will be sent to the best referee.',
        },
      );
      // spec §1 platform fee: one credit held while the request is open.
      await appendLedger(tx, {
        userId: user.id,
        kind: 'hold',
        amount: -ReferralLimits.creditCost,
        uniqueKey: holdKey(inserted!.id),
        requestId: inserted!.id,
        note: 'Referral request',
      });
      change.notify('approved', user.id);
      await offerToNextReferee(change, job);
      return {
        type: 'RequestAccepted',
        requestId: inserted!.id,
        balance: balance - ReferralLimits.creditCost,
        notices: change.notices,
      };
    });
  } catch (error) {
    // Two creates for one job raced past the lock's read (cannot happen under the lock, but the
    // unique index is the last word): the loser is told it already asked.
    if (isOpenJobViolation(error)) {
      return {
        type: 'AlreadyRequested',
        requestId: null,
        balance: await balanceOf(db, user.id),
        notices: [],
      };
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Matching and offers (system).

async function matchTarget(tx: Tx, row: RequestRow, job: JobRow | null): Promise<MatchTarget> {
  // issue 21 item 4: the candidate's newest assessment steers which referee fits (matching.ts).
  const candidateScore =
    (await latestAssessments(tx, [row.candidateId])).get(row.candidateId)?.overall ?? null;
  const listed =
    job ??
    (row.jobId
      ? ((await tx.select().from(jobs).where(eq(jobs.id, row.jobId)).limit(1))[0] ?? null)
      : null);
  if (listed) {
    return {
      experienceMin: listed.experienceMin,
      city: listed.city,
      department: listed.department,
      remote: listed.workMode === 'Remote',
      candidateScore,
    };
  }
  // A pasted link: nothing known of the job; the candidate's city stands in for the location.
  const [candidate] = await tx
    .select({ location: users.location })
    .from(users)
    .where(eq(users.id, row.candidateId))
    .limit(1);
  return {
    experienceMin: null,
    city: candidate?.location ?? null,
    department: null,
    remote: false,
    candidateScore,
  };
}

/**
 * Offers an approved request to the best referee not yet asked. Nobody to ask: a request that
 * was never offered waits (up to waitForRefereeDays: a new referee may verify meanwhile); one
 * that was offered before has run out of referees and expires, its credit released.
 */
async function offerToNextReferee(change: Change, job: JobRow | null = null): Promise<void> {
  const { tx, now } = change;
  const row = change.row;
  if (row.offersMade >= ReferralLimits.maxOffersPerRequest) {
    await expireRequest(change, SYSTEM, 'noRefereeLeft');
    return;
  }
  const since = new Date(now.getTime() - FAIRNESS_WINDOW_DAYS * DAY);
  const asked = tx
    .select({ id: referralOffers.refereeId })
    .from(referralOffers)
    .where(eq(referralOffers.requestId, row.id));
  const candidates = await tx
    .select({
      userId: refereeProfiles.userId,
      // issue 21 item 4: the newest assessment's overall; the stored starting value (seeded, or
      // 50) until an evaluator assesses the referee.
      assessmentScore: sql<number>`coalesce(${latestOverallSql(refereeProfiles.userId)}, ${refereeProfiles.assessmentScore})`,
      designation: refereeProfiles.designation,
      location: refereeProfiles.location,
      department: refereeProfiles.department,
      recentOffers: sql<number>`(select count(*)::int from referral_offers o where o.referee_id = ${refereeProfiles.userId} and o.offered_at > ${since})`,
      // The referee's record (issue 17): who lets offers expire is offered fewer.
      answeredOffers: sql<number>`(select count(*)::int from referral_offers o where o.referee_id = ${refereeProfiles.userId} and o.answer in ('accepted', 'declined', 'referred'))`,
      expiredOffers: sql<number>`(select count(*)::int from referral_offers o where o.referee_id = ${refereeProfiles.userId} and o.answer = 'timedOut')`,
    })
    .from(refereeProfiles)
    .where(
      and(
        eq(refereeProfiles.companyId, row.companyId),
        eq(refereeProfiles.active, true),
        eq(refereeProfiles.workEmailVerified, true),
        sql`${refereeProfiles.userId} <> ${row.candidateId}`,
        notInArray(refereeProfiles.userId, asked),
      ),
    );
  const [best] = rankReferees(
    candidates.map((c) => ({
      ...c,
      assessmentScore: Number(c.assessmentScore),
      recentOffers: Number(c.recentOffers),
      answeredOffers: Number(c.answeredOffers),
      expiredOffers: Number(c.expiredOffers),
    })),
    await matchTarget(tx, row, job),
  );
  if (!best) {
    if (row.offersMade > 0) {
      await expireRequest(change, SYSTEM, 'noRefereeLeft');
    } else if (!row.deadline) {
      await tx
        .update(referralRequests)
        .set({ deadline: new Date(now.getTime() + ReferralLimits.waitForRefereeDays * DAY) })
        .where(eq(referralRequests.id, row.id));
    }
    return;
  }
  await tx
    .insert(referralOffers)
    .values({ requestId: row.id, refereeId: best.userId, offeredAt: now });
  await change.move('offer', 'offered', SYSTEM, {
    currentRefereeId: best.userId,
    deadline: new Date(now.getTime() + ReferralLimits.responseWindowHours * HOUR),
    offersMade: row.offersMade + 1,
  });
  change.notify('offered', best.userId);
}

/** Closes the open offer (if any) with `answer`. */
async function answerOffer(
  change: Change,
  refereeId: string | null,
  answer: string,
  reason: string | null = null,
  text: string | null = null,
) {
  if (!refereeId) return;
  await change.tx
    .update(referralOffers)
    .set({
      answer,
      // answeredAt is the referee's first answer (their response time, issue 17 part 4): marking
      // an accepted request referred keeps the time of the accept.
      answeredAt: sql`coalesce(${referralOffers.answeredAt}, ${change.now.toISOString()}::timestamptz)`,
      reason,
      text,
    })
    .where(
      and(
        eq(referralOffers.requestId, change.row.id),
        eq(referralOffers.refereeId, refereeId),
        answer === 'referred' ? sql`true` : isNull(referralOffers.answer),
      ),
    );
}

async function endRequest(
  change: Change,
  action: 'expire' | 'cancel',
  actor: Actor,
  reason: string | null,
  text: string | null = null,
) {
  const holder = change.row.currentRefereeId;
  await answerOffer(change, holder, 'withdrawn');
  const to = action === 'expire' ? 'expired' : 'cancelled';
  await change.move(
    action,
    to,
    actor,
    { currentRefereeId: null, deadline: null },
    { reason, text },
  );
  await releaseHold(
    change.tx,
    change.row.candidateId,
    change.row.id,
    ReferralLimits.creditCost,
    action === 'expire' ? 'Referral request expired' : 'Referral request cancelled',
  );
  if (actor.kind !== 'candidate') change.notify(to, change.row.candidateId);
  if (holder) change.notify('withdrawn', holder);
}

function expireRequest(change: Change, actor: Actor, reason: string) {
  return endRequest(change, 'expire', actor, reason);
}

// ---------------------------------------------------------------------------------------------
// Actions on an existing request.

export interface Caller {
  /** The caller's general-user record, if any. */
  readonly user: UserRecord | undefined;
  readonly isAdmin: boolean;
}

export type ActionInput =
  | { action: 'accept' | 'acknowledge' | 'expire' | 'cancel'; note?: string }
  | { action: 'decline'; body: DeclineReferralInput }
  | { action: 'refer'; body: ReferReferralInput };

export interface ActionOutcome {
  row: RequestRow;
  notices: ReferralNotice[];
}

async function lockRequest(tx: Tx, id: string) {
  const [locked] = await tx
    .select({ request: referralRequests, companyName: companies.name })
    .from(referralRequests)
    .innerJoin(companies, eq(companies.id, referralRequests.companyId))
    .where(eq(referralRequests.id, id))
    .for('update', { of: referralRequests });
  return locked;
}

export function rolesOf(row: RequestRow, caller: Caller): Set<RequestRole> {
  const roles = new Set<RequestRole>();
  if (caller.user && caller.user.id === row.candidateId) roles.add('owner');
  if (caller.user && caller.user.id === row.currentRefereeId) roles.add('offeredReferee');
  if (caller.isAdmin) roles.add('admin');
  return roles;
}

export async function actOnReferral(
  db: Database,
  {
    requestId,
    input,
    caller,
    now,
  }: { requestId: string; input: ActionInput; caller: Caller; now: Date },
): Promise<ActionOutcome> {
  if (input.action === 'decline' && input.body.reason === 'other' && !input.body.text) {
    throw new HttpError(400, ReferralErrors.declineNeedsText);
  }
  if (input.action === 'refer' && input.body.proofUrl && !isHttpJobUrl(input.body.proofUrl)) {
    throw new HttpError(400, 'The proof link must be an http(s) URL');
  }
  return db.transaction(async (tx) => {
    const locked = await lockRequest(tx, requestId);
    if (!locked) throw new HttpError(404, ReferralErrors.notFound);
    const row = locked.request;
    const state = row.state as ReferralState;
    const roles = rolesOf(row, caller);
    const decision = decide(input.action, state, roles);
    if (!decision.ok) {
      if (decision.why === 'wrongState') {
        throw new ReferralConflict(ReferralErrors.wrongState(state, input.action), state);
      }
      // A referee this request was offered to before (declined, timed out, or taken back while
      // they were offline) is told so, with the state; anyone else gets a plain 403.
      if (caller.user && ['accept', 'decline', 'refer'].includes(input.action)) {
        const [past] = await tx
          .select({ id: referralOffers.id })
          .from(referralOffers)
          .where(
            and(eq(referralOffers.requestId, row.id), eq(referralOffers.refereeId, caller.user.id)),
          )
          .limit(1);
        if (past) throw new ReferralConflict(ReferralErrors.noLongerOffered, state);
      }
      throw new HttpError(403, ReferralErrors.forbidden);
    }
    const change = new Change(tx, now, row, locked.companyName);
    const me: Actor = { kind: 'candidate', id: caller.user?.id ?? null };
    const referee: Actor = { kind: 'referee', id: caller.user?.id ?? null };
    const admin: Actor = { kind: 'admin', id: caller.user?.id ?? null };

    switch (input.action) {
      case 'accept':
        await answerOffer(change, row.currentRefereeId, 'accepted');
        await change.move(
          'accept',
          'accepted',
          referee,
          { deadline: new Date(now.getTime() + ReferralLimits.referWindowDays * DAY) },
          { text: input.note || null },
        );
        change.notify('accepted', row.candidateId);
        break;
      case 'decline': {
        const text = input.body.text || null;
        await answerOffer(change, row.currentRefereeId, 'declined', input.body.reason, text);
        await change.move(
          'decline',
          'approved',
          referee,
          { currentRefereeId: null, deadline: null },
          { reason: input.body.reason, text: text ?? DECLINE_REASONS[input.body.reason] },
        );
        await offerToNextReferee(change);
        change.notify('declined', row.candidateId, {
          reason: input.body.reason,
          reasonText: text,
          passedOn: change.row.state === 'offered',
        });
        break;
      }
      case 'refer': {
        const proof =
          input.body.proofFile && caller.user
            ? await takeProofFile(tx, {
                requestId: row.id,
                refereeId: caller.user.id,
                key: input.body.proofFile,
              })
            : null;
        await answerOffer(change, row.currentRefereeId, 'referred');
        await change.move(
          'refer',
          'referred',
          referee,
          {
            deadline: null,
            reference: input.body.reference || null,
            proofUrl: input.body.proofUrl || null,
            proofFileKey: proof?.key ?? null,
            proofFileName: proof?.fileName ?? null,
          },
          { text: input.body.reference || null },
        );
        await consumeHold(tx, row.candidateId, row.id);
        change.notify('referred', row.candidateId);
        break;
      }
      case 'acknowledge':
        await change.move('acknowledge', 'acknowledged', me, {}, { text: input.note || null });
        change.notify('acknowledged', row.currentRefereeId);
        break;
      case 'cancel':
        await endRequest(
          change,
          'cancel',
          roles.has('owner') ? me : admin,
          roles.has('owner') ? 'byCandidate' : 'byAdmin',
          input.note || null,
        );
        break;
      case 'expire':
        await endRequest(change, 'expire', admin, 'byAdmin', input.note || null);
        break;
    }
    return { row: change.row, notices: change.notices };
  });
}

// ---------------------------------------------------------------------------------------------
// The sweep's step for one request (sweep.ts): time-outs, offers to new referees, expiry.

export type SweepStep = 'timedOut' | 'offered' | 'expired' | 'waiting' | 'skipped';

export async function sweepOne(
  db: Database,
  requestId: string,
  now: Date,
): Promise<{ step: SweepStep; notices: ReferralNotice[] }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ request: referralRequests, companyName: companies.name })
      .from(referralRequests)
      .innerJoin(companies, eq(companies.id, referralRequests.companyId))
      .where(eq(referralRequests.id, requestId))
      // Another sweeper (another server process) has it: leave it to them.
      .for('update', { of: referralRequests, skipLocked: true });
    if (!locked) return { step: 'skipped' as const, notices: [] };
    const change = new Change(tx, now, locked.request, locked.companyName);
    const row = locked.request;
    const due = row.deadline !== null && row.deadline.getTime() <= now.getTime();
    if ((row.state === 'offered' || row.state === 'accepted') && due) {
      const holder = row.currentRefereeId;
      await answerOffer(change, holder, 'timedOut');
      await change.move(
        'timeOut',
        'approved',
        SYSTEM,
        { currentRefereeId: null, deadline: null },
        { reason: row.state === 'offered' ? 'noAnswer' : 'notReferred' },
      );
      if (holder) change.notify('withdrawn', holder);
      await offerToNextReferee(change);
      return { step: 'timedOut' as const, notices: change.notices };
    }
    if (row.state === 'approved') {
      if (due) {
        await expireRequest(change, SYSTEM, 'noRefereeAvailable');
        return { step: 'expired' as const, notices: change.notices };
      }
      await offerToNextReferee(change);
      const step: SweepStep =
        change.row.state === 'offered'
          ? 'offered'
          : change.row.state === 'expired'
            ? 'expired'
            : 'waiting';
      return { step, notices: change.notices };
    }
    return { step: 'skipped' as const, notices: [] };
  });
}

/** Ids the sweep should look at now: held past their deadline, or approved and unassigned. */
export async function dueRequestIds(db: Database, now: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: referralRequests.id })
    .from(referralRequests)
    .where(
      sql`(${referralRequests.state} in ('offered', 'accepted') and ${referralRequests.deadline} <= ${now}) or ${referralRequests.state} = 'approved'`,
    )
    .orderBy(referralRequests.deadline)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Admin: credits for a user (issue 16: admin grants), once per key. */
export async function grantCredits(
  db: Database,
  grant: {
    userId: string;
    amount: number;
    note: string | null;
    key: string;
    adminId: string | null;
  },
): Promise<{ granted: boolean; balance: number }> {
  return db.transaction(async (tx) => {
    if (!(await lockCreditAccount(tx, grant.userId))) {
      throw new HttpError(404, ReferralErrors.grantUserNotFound);
    }
    const granted = await appendLedger(tx, {
      userId: grant.userId,
      kind: 'grant',
      amount: grant.amount,
      uniqueKey: `admin:${grant.key}`,
      note: grant.note ?? 'Admin grant',
      createdBy: grant.adminId,
    });
    return { granted, balance: await balanceOf(tx, grant.userId) };
  });
}

/** Sign-up credits, once per user (ReferralLimits.signupCredits). */
export async function grantSignupCredits(tx: Tx, userId: string): Promise<boolean> {
  if (!(await lockCreditAccount(tx, userId))) return false;
  return appendLedger(tx, {
    userId,
    kind: 'grant',
    amount: ReferralLimits.signupCredits,
    uniqueKey: `signup:${userId}`,
    note: 'Sign-up credits',
  });
}
