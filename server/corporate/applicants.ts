/**
 * The applicants of one job as its company sees them (issue 20 item 2): the candidate's parsed
 * profile, the spec §9 match score and its parts (the one scoring function of src/domain/score,
 * computed now from the current profile), where the application came from, the company's notes
 * and evaluations, and the pipeline stage. Highest score first (spec §9: score descending), then
 * the earliest application.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Applicant, Stage } from '../../src/domain/contract/corporate-pipeline';
import { stageOf } from '../../src/domain/pipeline-stages';
import { scoreMatch } from '../../src/domain/score';
import type { Database } from '../db/client';
import {
  applicantEvaluations,
  applicantNotes,
  corporateUsers,
  jobApplications,
  referralRequests,
  users,
  type jobs,
} from '../db/schema';
import { candidateProfileOf, isScorable, scorableJob } from '../jobs/match-score';

type JobRow = typeof jobs.$inferSelect;

/** The portal name the app sends for applications made here (apply-action.tsx portalOf). */
const OWN_PORTAL = 'referralhub';

/** spec §3: a corporate user's full name falls back to "Corporate User". */
export function authorName(row: { firstName: string | null; lastName: string | null }): string {
  return `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || 'Corporate User';
}

export async function listApplicants(
  db: Database,
  job: JobRow,
  stages: readonly Stage[],
  viewerId: string,
  limit: number,
): Promise<Applicant[]> {
  const rows = await db
    .select({ application: jobApplications, user: users })
    .from(jobApplications)
    .leftJoin(users, sql`lower(${users.email}) = lower(${jobApplications.userEmail})`)
    .where(eq(jobApplications.jobId, job.id))
    .orderBy(asc(jobApplications.createdAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.application.id);

  const authors = corporateUsers;
  const notes = await db
    .select({
      applicationId: applicantNotes.applicationId,
      id: applicantNotes.id,
      text: applicantNotes.text,
      createdAt: applicantNotes.createdAt,
      firstName: authors.firstName,
      lastName: authors.lastName,
    })
    .from(applicantNotes)
    .leftJoin(authors, eq(authors.id, applicantNotes.authorId))
    .where(inArray(applicantNotes.applicationId, ids))
    .orderBy(asc(applicantNotes.createdAt));
  const evaluations = await db
    .select({
      evaluation: applicantEvaluations,
      firstName: authors.firstName,
      lastName: authors.lastName,
    })
    .from(applicantEvaluations)
    .leftJoin(authors, eq(authors.id, applicantEvaluations.authorId))
    .where(inArray(applicantEvaluations.applicationId, ids));

  const candidateIds = rows.flatMap((r) => (r.user ? [r.user.id] : []));
  const referrals =
    candidateIds.length === 0
      ? []
      : await db
          .select({
            id: referralRequests.id,
            candidateId: referralRequests.candidateId,
            reference: referralRequests.reference,
          })
          .from(referralRequests)
          .where(
            and(
              inArray(referralRequests.candidateId, candidateIds),
              or(
                eq(referralRequests.jobId, job.id),
                inArray(
                  referralRequests.id,
                  rows.flatMap((r) =>
                    r.application.referAndEarnId ? [r.application.referAndEarnId] : [],
                  ),
                ),
              ),
              inArray(referralRequests.state, ['referred', 'acknowledged']),
            ),
          );

  const applicants = rows.map(({ application, user }): Applicant => {
    const profile = user ? candidateProfileOf(user) : null;
    const details = profile && isScorable(profile) ? scoreMatch(profile, scorableJob(job)) : null;
    const referral = user ? referrals.find((r) => r.candidateId === user.id) : undefined;
    const portal = application.jobPortal.trim();
    const external = portal.toLowerCase() !== OWN_PORTAL;
    return {
      applicationId: application.id,
      stage: stageOf(application, stages),
      status: application.status,
      appliedAt: application.createdAt.toISOString(),
      candidate: {
        name: user?.name.trim() || application.userEmail,
        email: application.userEmail,
        designation: user?.designation ?? null,
        location: user?.location ?? null,
        yoe: user?.yoe ?? null,
        ctc: user?.ctc ?? null,
        ectc: user?.ectc ?? null,
        noticePeriod: user?.noticePeriod ?? null,
        coreSkills: user?.coreSkills ?? [],
        softSkills: user?.softSkills ?? [],
        technicalSkills: user?.technicalSkills ?? [],
        about: user?.about ?? null,
        hasCv: Boolean(user?.cvObjectKey),
      },
      score: details
        ? {
            finalScore: details.finalScore,
            coreSkills: details.coreSkills,
            softSkills: details.softSkills,
            experience: details.experience,
            roleAndResponsibilities: details.roleAndResponsibilities,
          }
        : null,
      source: referral
        ? { kind: 'referral', portal: null, refereeNote: referral.reference?.trim() || null }
        : external
          ? { kind: 'external', portal, refereeNote: null }
          : { kind: 'direct', portal: null, refereeNote: null },
      notes: notes
        .filter((n) => n.applicationId === application.id)
        .map((n) => ({
          id: n.id,
          text: n.text,
          authorName: authorName(n),
          createdAt: n.createdAt.toISOString(),
        })),
      evaluations: evaluations
        .filter((e) => e.evaluation.applicationId === application.id)
        .map(({ evaluation, firstName, lastName }) => ({
          authorName: authorName({ firstName, lastName }),
          mine: evaluation.authorId === viewerId,
          ratings: evaluation.ratings as Applicant['evaluations'][number]['ratings'],
          recommendation:
            evaluation.recommendation as Applicant['evaluations'][number]['recommendation'],
          summary: evaluation.summary,
          updatedAt: evaluation.updatedAt.toISOString(),
        })),
    };
  });
  // spec §9: score descending; unscored candidates (no profile to score) last.
  return applicants.sort((a, b) => (b.score?.finalScore ?? -1) - (a.score?.finalScore ?? -1));
}
