/**
 * The evaluator's reads and writes (issue 21 item 4). Evaluators assess people: candidates who
 * ask for referrals and employees who refer. An assessment is a new row every time (history);
 * the newest overall is the person's score (latest.ts).
 *
 * What an evaluator reads is chosen column by column: name, designation, experience, location,
 * about, skills, whether a CV is on file, referral history counts and assessments. Never the
 * email, phone, CTC, credits, ledger or payments (issue 21: "Evaluators see only what they need").
 */
import { and, asc, count, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  AssessmentErrors,
  AssessmentLimits,
  type Assessment,
  type AssessmentInput,
  type EvaluatedPerson,
  type QueueItem,
} from '../../src/domain/contract/assessments';
import { recordAudit } from '../admin/audit';
import type { Database } from '../db/client';
import {
  assessments,
  companies,
  refereeProfiles,
  referralOffers,
  referralRequests,
  users,
} from '../db/schema';
import { HttpError } from '../http/errors';
import { latestAssessments } from './latest';

const DAY = 86_400_000;

/** A latest assessment older than this is due again. */
function dueBefore(now: Date): Date {
  return new Date(now.getTime() - AssessmentLimits.reassessAfterDays * DAY);
}

/**
 * The queue, most urgent first: people who asked for a referral in the last
 * requesterWindowDays, newest request first (a referee reads their score on the offer), then
 * verified active referees never assessed (their score steers matching), longest waiting first,
 * then referees whose assessment is older than reassessAfterDays. Each group leaves out people
 * assessed recently, and the caller themselves.
 */
export async function loadQueue(db: Database, callerSub: string, now: Date): Promise<QueueItem[]> {
  const since = new Date(now.getTime() - AssessmentLimits.requesterWindowDays * DAY);
  const due = dueBefore(now);
  const lastRequest = max(referralRequests.createdAt);
  const requesters = await db
    .select({ userId: referralRequests.candidateId, at: lastRequest })
    .from(referralRequests)
    .where(gt(referralRequests.createdAt, since))
    .groupBy(referralRequests.candidateId)
    .orderBy(desc(lastRequest))
    .limit(500);
  const referees = await db
    .select({
      userId: refereeProfiles.userId,
      verifiedAt: refereeProfiles.verifiedAt,
      companyName: companies.name,
    })
    .from(refereeProfiles)
    .innerJoin(companies, eq(companies.id, refereeProfiles.companyId))
    .where(and(eq(refereeProfiles.active, true), eq(refereeProfiles.workEmailVerified, true)))
    .orderBy(asc(refereeProfiles.verifiedAt), asc(refereeProfiles.userId))
    .limit(500);
  const ids = [...requesters.map((r) => r.userId), ...referees.map((r) => r.userId)];
  if (ids.length === 0) return [];
  const latest = await latestAssessments(db, ids);
  const people = new Map(
    (
      await db
        .select({
          id: users.id,
          name: users.name,
          cognitoSub: users.cognitoSub,
          designation: users.designation,
          yoe: users.yoe,
          location: users.location,
        })
        .from(users)
        .where(inArray(users.id, ids))
    ).map((row) => [row.id, row]),
  );
  const isDue = (userId: string) => {
    const last = latest.get(userId);
    return !last || new Date(last.assessedAt).getTime() < due.getTime();
  };
  const queued = new Set<string>();
  const items: QueueItem[] = [];
  const push = (
    userId: string,
    reason: QueueItem['reason'],
    since: Date | null,
    companyName: string | null,
  ) => {
    const person = people.get(userId);
    if (!person || queued.has(userId) || person.cognitoSub === callerSub) return;
    queued.add(userId);
    items.push({
      userId,
      name: person.name,
      designation: person.designation,
      yearsOfExperience: person.yoe,
      location: person.location,
      reason,
      since: since?.toISOString() ?? null,
      companyName,
      latest: latest.get(userId) ?? null,
    });
  };
  for (const row of requesters) {
    if (isDue(row.userId)) push(row.userId, 'newRequester', row.at, null);
  }
  for (const row of referees) {
    if (!latest.has(row.userId))
      push(row.userId, 'refereeNeverAssessed', row.verifiedAt, row.companyName);
  }
  for (const row of referees) {
    if (isDue(row.userId)) push(row.userId, 'refereeDue', row.verifiedAt, row.companyName);
  }
  return items.slice(0, AssessmentLimits.queueMax);
}

async function personRow(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      cognitoSub: users.cognitoSub,
      designation: users.designation,
      yoe: users.yoe,
      location: users.location,
      about: users.about,
      coreSkills: users.coreSkills,
      softSkills: users.softSkills,
      technicalSkills: users.technicalSkills,
      cvObjectKey: users.cvObjectKey,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new HttpError(404, AssessmentErrors.personNotFound);
  return row;
}

/** The CV's object key of a person, for the signed link; 404 for an unknown person. */
export async function personCvKey(db: Database, userId: string): Promise<string | null> {
  return (await personRow(db, userId)).cvObjectKey;
}

export async function loadPerson(db: Database, userId: string): Promise<EvaluatedPerson> {
  const person = await personRow(db, userId);
  const [referee] = await db
    .select({
      companyName: companies.name,
      designation: refereeProfiles.designation,
      department: refereeProfiles.department,
      verified: refereeProfiles.workEmailVerified,
      startingScore: refereeProfiles.assessmentScore,
    })
    .from(refereeProfiles)
    .innerJoin(companies, eq(companies.id, refereeProfiles.companyId))
    .where(eq(refereeProfiles.userId, userId))
    .limit(1);
  const [requests] = await db
    .select({
      made: count(),
      referred: sql<number>`count(*) filter (where ${referralRequests.state} in ('referred', 'acknowledged'))::int`,
    })
    .from(referralRequests)
    .where(eq(referralRequests.candidateId, userId));
  const [offers] = await db
    .select({
      received: count(),
      accepted: sql<number>`count(*) filter (where ${referralOffers.answer} in ('accepted', 'referred'))::int`,
      referred: sql<number>`count(*) filter (where ${referralOffers.answer} = 'referred')::int`,
      expired: sql<number>`count(*) filter (where ${referralOffers.answer} = 'timedOut')::int`,
    })
    .from(referralOffers)
    .where(eq(referralOffers.refereeId, userId));
  const latest = (await latestAssessments(db, [userId])).get(userId) ?? null;
  return {
    userId: person.id,
    name: person.name,
    designation: person.designation,
    yearsOfExperience: person.yoe,
    location: person.location,
    about: person.about,
    coreSkills: person.coreSkills,
    softSkills: person.softSkills,
    technicalSkills: person.technicalSkills,
    cvAvailable: Boolean(person.cvObjectKey),
    referee: referee
      ? {
          companyName: referee.companyName,
          designation: referee.designation,
          department: referee.department,
          verified: referee.verified,
        }
      : null,
    history: {
      requestsMade: Number(requests?.made ?? 0),
      requestsReferred: Number(requests?.referred ?? 0),
      offersReceived: Number(offers?.received ?? 0),
      offersAccepted: Number(offers?.accepted ?? 0),
      referralsMade: Number(offers?.referred ?? 0),
      offersExpired: Number(offers?.expired ?? 0),
    },
    latest,
    // The same rule as matching (referrals/service.ts): the newest overall, else the start value.
    matchingScore: referee ? (latest?.overall ?? referee.startingScore) : null,
  };
}

const assessmentColumns = {
  row: assessments,
  evaluatorName: users.name,
  evaluatorEmail: users.email,
};

function assessmentDto(row: {
  row: typeof assessments.$inferSelect;
  evaluatorName: string | null;
  evaluatorEmail: string | null;
}): Assessment {
  const { row: a } = row;
  return {
    id: a.id,
    subjectId: a.subjectId,
    evaluatorName: row.evaluatorName || row.evaluatorEmail || null,
    skillsVerified: a.skillsVerified,
    communication: a.communication,
    experienceFit: a.experienceFit,
    overall: a.overall,
    notes: a.notes,
    createdAt: a.createdAt.toISOString(),
  };
}

/** A person's assessments, newest first; 404 for an unknown person. */
export async function listAssessments(db: Database, userId: string): Promise<Assessment[]> {
  await personRow(db, userId);
  const rows = await db
    .select(assessmentColumns)
    .from(assessments)
    .leftJoin(users, eq(users.cognitoSub, assessments.evaluatorId))
    .where(eq(assessments.subjectId, userId))
    .orderBy(desc(assessments.createdAt), desc(assessments.id))
    .limit(200);
  return rows.map(assessmentDto);
}

/**
 * Records a new assessment with its audit row in one transaction. The verified skills must be
 * the person's own (the form offers the profile's skills; anything else is refused, not stored),
 * kept in the profile's spelling, once each.
 */
export async function createAssessment(
  db: Database,
  {
    evaluatorSub,
    userId,
    input,
    now,
  }: { evaluatorSub: string; userId: string; input: AssessmentInput; now: Date },
): Promise<Assessment> {
  const person = await personRow(db, userId);
  if (person.cognitoSub === evaluatorSub) throw new HttpError(403, AssessmentErrors.notYourself);
  const own = new Map(
    [...person.coreSkills, ...person.technicalSkills, ...person.softSkills].map((skill) => [
      skill.trim().toLowerCase(),
      skill,
    ]),
  );
  const verified: string[] = [];
  for (const skill of input.skillsVerified) {
    const match = own.get(skill.trim().toLowerCase());
    if (!match) throw new HttpError(400, AssessmentErrors.skillNotOnProfile(skill));
    if (!verified.includes(match)) verified.push(match);
  }
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const before = (await latestAssessments(tx, [userId])).get(userId) ?? null;
    await tx.insert(assessments).values({
      id,
      subjectId: userId,
      evaluatorId: evaluatorSub,
      skillsVerified: verified,
      communication: input.communication,
      experienceFit: input.experienceFit,
      overall: input.overall,
      notes: input.notes ?? '',
      createdAt: now,
    });
    // The scores only: notes may hold personal remarks and stay in the assessment itself.
    await recordAudit(tx, {
      actorId: evaluatorSub,
      actorRole: 'evaluator',
      action: 'assessment.create',
      subjectType: 'assessment',
      subjectId: id,
      before: { userId, overall: before?.overall ?? null },
      after: {
        userId,
        overall: input.overall,
        communication: input.communication,
        experienceFit: input.experienceFit,
        skillsVerified: verified,
      },
    });
  });
  const [row] = await db
    .select(assessmentColumns)
    .from(assessments)
    .leftJoin(users, eq(users.cognitoSub, assessments.evaluatorId))
    .where(eq(assessments.id, id));
  return assessmentDto(row!);
}
