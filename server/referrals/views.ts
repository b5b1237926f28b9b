/**
 * Referral rows → the contract's response shapes (src/domain/contract/referrals.ts). Who sees
 * what: the candidate (and admins) see their request and its whole timeline, but no referee's
 * identity until that referee accepts (issue 17); a referee sees the offer with the candidate's
 * parsed profile, never the candidate's email.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  DECLINE_REASONS,
  REFERRAL_ACTIONS,
  REJECTION_REASONS,
  ReferralPages,
  type ReferralAction,
  type ReferralEvent,
  type ReferralRequestDto,
  type ReferralState,
  type RejectionReason,
  type ActorKind,
  type OfferAnswer,
} from '../../src/domain/contract/referrals';
import type { RefereeInboxItem } from '../../src/domain/contract/referees';
import type { ScoreDetails } from '../../src/domain/score';
import type { Database } from '../db/client';
import {
  companies,
  jobs,
  refereeProfiles,
  referralEvents,
  referralOffers,
  referralRequests,
  users,
} from '../db/schema';
import { latestAssessments } from '../evaluator/latest';
import type { Executor } from './credits';

type RequestRow = typeof referralRequests.$inferSelect;
type EventRow = typeof referralEvents.$inferSelect;

/** States in which the candidate may know who the referee is. */
const REVEALED: readonly ReferralState[] = ['accepted', 'referred', 'acknowledged'];

function eventText(row: EventRow): string | null {
  if (row.text) return row.text;
  if (row.action === 'decline' && row.reason) {
    return DECLINE_REASONS[row.reason as keyof typeof DECLINE_REASONS] ?? null;
  }
  return null;
}

export function eventDto(row: EventRow): ReferralEvent {
  return {
    action: row.action as ReferralAction,
    from: (row.fromState as ReferralState | null) ?? null,
    to: row.toState as ReferralState,
    actor: row.actorKind as ActorKind,
    reason: row.reason,
    text: eventText(row),
    at: row.at.toISOString(),
  };
}

interface RequestContext {
  companyName: string;
  companyLogoUrl: string | null;
  refereeName: string | null;
  refereeDesignation: string | null;
}

export function requestDto(
  row: RequestRow,
  context: RequestContext,
  events: readonly EventRow[],
): ReferralRequestDto {
  const state = row.state as ReferralState;
  const revealed = REVEALED.includes(state) && context.refereeName !== null;
  return {
    id: row.id,
    state,
    companyId: row.companyId,
    companyName: context.companyName,
    companyLogoUrl: context.companyLogoUrl,
    jobId: row.jobId,
    jobUrl: row.jobUrl,
    jobTitle: row.jobTitle,
    note: row.note,
    attempt: row.attempt,
    matchScore: (row.matchScore as ScoreDetails | null) ?? null,
    rejectionReasons: row.rejectionReasons.map((code) => ({
      code,
      text: REJECTION_REASONS[code as RejectionReason] ?? code,
    })),
    deadline: row.deadline?.toISOString() ?? null,
    referee: revealed
      ? { name: context.refereeName ?? '', designation: context.refereeDesignation }
      : null,
    reference: row.reference,
    proofUrl: row.proofUrl,
    proofFileName: row.proofFileKey ? (row.proofFileName ?? 'Proof') : null,
    guidanceUrl: ReferralPages.guidance(context.companyName, row.companyId),
    timeline: events.map(eventDto),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadRequests(db: Executor, where: ReturnType<typeof eq>, limit: number) {
  const rows = await db
    .select({
      request: referralRequests,
      companyName: companies.name,
      companyLogoUrl: companies.logoUrl,
      refereeName: users.name,
      refereeDesignation: refereeProfiles.designation,
    })
    .from(referralRequests)
    .innerJoin(companies, eq(companies.id, referralRequests.companyId))
    .leftJoin(users, eq(users.id, referralRequests.currentRefereeId))
    .leftJoin(refereeProfiles, eq(refereeProfiles.userId, referralRequests.currentRefereeId))
    .where(where)
    .orderBy(desc(referralRequests.createdAt), desc(referralRequests.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const events = await db
    .select()
    .from(referralEvents)
    .where(
      and(
        inArray(
          referralEvents.requestId,
          rows.map((row) => row.request.id),
        ),
        // Lifecycle events only: disputes and their resolutions are for the admin's timeline
        // (issue 21; admin/referrals-service.ts), which the tracker's schema does not list.
        inArray(referralEvents.action, [...REFERRAL_ACTIONS]),
      ),
    )
    .orderBy(asc(referralEvents.id));
  const byRequest = new Map<string, EventRow[]>();
  for (const event of events) {
    const list = byRequest.get(event.requestId) ?? [];
    list.push(event);
    byRequest.set(event.requestId, list);
  }
  return rows.map((row) => requestDto(row.request, row, byRequest.get(row.request.id) ?? []));
}

export async function loadRequestDto(db: Executor, id: string): Promise<ReferralRequestDto | null> {
  const [dto] = await loadRequests(db, eq(referralRequests.id, id), 1);
  return dto ?? null;
}

/** A candidate's requests, newest first (the tracker). */
export async function loadCandidateRequests(
  db: Executor,
  candidateId: string,
  limit = 100,
): Promise<ReferralRequestDto[]> {
  return loadRequests(db, eq(referralRequests.candidateId, candidateId), limit);
}

/**
 * The offers made to a referee in the last 90 days, open ones first, then newest, with what the
 * referee needs to decide (issue 17): the candidate by first name and parsed profile (never the
 * email or phone), the job's city, experience and department, and whether the CV can be opened
 * (the referee holds the request: offered or accepted, and a CV is on file).
 */
export async function loadRefereeOffers(
  db: Database,
  refereeId: string,
  now: Date,
  requestId?: string,
): Promise<RefereeInboxItem[]> {
  const since = new Date(now.getTime() - 90 * 86_400_000);
  const rows = await db
    .select({
      offer: referralOffers,
      request: referralRequests,
      candidate: users,
      job: {
        city: jobs.city,
        experienceMin: jobs.experienceMin,
        experienceMax: jobs.experienceMax,
        department: jobs.department,
      },
    })
    .from(referralOffers)
    .innerJoin(referralRequests, eq(referralRequests.id, referralOffers.requestId))
    .innerJoin(users, eq(users.id, referralRequests.candidateId))
    .leftJoin(jobs, eq(jobs.id, referralRequests.jobId))
    .where(
      and(
        eq(referralOffers.refereeId, refereeId),
        requestId
          ? eq(referralOffers.requestId, requestId)
          : sql`${referralOffers.offeredAt} > ${since}`,
      ),
    )
    .orderBy(sql`${referralOffers.answer} is not null`, desc(referralOffers.offeredAt))
    .limit(100);
  // issue 21 item 4: the candidate's latest assessment, shown to the referee on the offer.
  const assessed = await latestAssessments(
    db,
    rows.map((row) => row.candidate.id),
  );
  return rows.map(({ offer, request, candidate, job }) => {
    const holds = request.currentRefereeId === refereeId;
    return {
      requestId: request.id,
      state: request.state as ReferralState,
      answer: (offer.answer as OfferAnswer | null) ?? null,
      offeredAt: offer.offeredAt.toISOString(),
      deadline: holds ? (request.deadline?.toISOString() ?? null) : null,
      companyId: request.companyId,
      jobId: request.jobId,
      jobUrl: request.jobUrl,
      jobTitle: request.jobTitle,
      note: request.note,
      matchScore: (request.matchScore as ScoreDetails | null) ?? null,
      candidate: {
        // First name only: the candidate's full identity is not the referee's to see up front.
        name: firstName(candidate.name),
        designation: candidate.designation,
        yearsOfExperience: candidate.yoe,
        location: candidate.location,
        coreSkills: candidate.coreSkills,
        softSkills: candidate.softSkills,
        technicalSkills: candidate.technicalSkills,
      },
      job: {
        title: request.jobTitle,
        city: job?.city ?? null,
        experienceMin: job?.experienceMin ?? null,
        experienceMax: job?.experienceMax ?? null,
        department: job?.department ?? null,
      },
      cvAvailable: refereeHoldsForCv(request, refereeId) && Boolean(candidate.cvObjectKey),
      candidateAssessment: assessed.get(candidate.id) ?? null,
    };
  });
}

/** The referee may open the candidate's CV while the request is theirs: offered or accepted. */
export function refereeHoldsForCv(
  request: Pick<RequestRow, 'currentRefereeId' | 'state'>,
  refereeId: string,
): boolean {
  return (
    request.currentRefereeId === refereeId &&
    (request.state === 'offered' || request.state === 'accepted')
  );
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
