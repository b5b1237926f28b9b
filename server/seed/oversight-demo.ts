/**
 * Referral oversight demo data (issue 21 item 3), so the admin's queue at /v1/admin/referrals is
 * alive on the first start: a seed-only candidate (no sign-in, so no spec's demo account changes)
 * with two requests at Banyan Systems, whose one referee handles both:
 * - disputed: referred ten days ago, and the candidate says HR never got it;
 * - stuck: accepted four days ago and not referred since (past OversightLimits.stuckAfterDays,
 *   before the sweep's refer window ends it).
 * Made through the real referral service with a clock set in the past, like referral-demo.ts.
 * Banyan is used by no other spec's fixed data (its one referee gets the offers either way).
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs, referralRequests, users } from '../db/schema';
import { recordMovement } from '../referrals/credits';
import { disputeReferral } from '../referrals/dispute';
import { actOnReferral, createReferralRequest } from '../referrals/service';

const DAY = 24 * 3_600_000;
const HOUR = 3_600_000;
export const OVERSIGHT_DEMO_USER = 'usr-demo-deepak-joshi';
const COMPANY = 'cmp-banyan-systems';

async function userById(db: Database, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Seeds once (the candidate's row is the marker). Returns how many requests it made. */
export async function seedOversightDemo(db: Database, now: Date = new Date()): Promise<number> {
  if (await userById(db, OVERSIGHT_DEMO_USER)) return 0;
  const picked = await db
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.companyId, COMPANY), eq(jobs.status, 'PUBLISHED'), isNotNull(jobs.experienceMin)),
    )
    .orderBy(asc(jobs.id))
    .limit(2);
  if (picked.length < 2) return 0;
  // A profile that fits both jobs: their skills, and years inside both ranges where possible.
  const yoe = Math.max(...picked.map((job) => job.experienceMin ?? 0)) + 1;
  await db.insert(users).values({
    id: OVERSIGHT_DEMO_USER,
    email: 'deepak.joshi@example.com',
    name: 'Deepak Joshi',
    userType: ['general-user'],
    designation: picked[0]!.jobTitle,
    coreSkills: [...new Set(picked.flatMap((job) => job.coreSkills))],
    softSkills: [...new Set(picked.flatMap((job) => job.softSkills))],
    technicalSkills: [...new Set(picked.flatMap((job) => job.technicalSkills))],
    yoe,
    ctc: 14,
    location: picked[0]!.city,
    lastAccessedDash: 'CAND',
    cvFileName: 'deepak-joshi-cv.pdf',
    cvObjectKey: 'demo/deepak-joshi-cv.pdf',
    isCvExtracted: true,
  });
  await db.transaction((tx) =>
    recordMovement(tx, {
      userId: OVERSIGHT_DEMO_USER,
      kind: 'grant',
      amount: 3,
      uniqueKey: `opening:${OVERSIGHT_DEMO_USER}`,
      note: 'Opening balance',
    }),
  );
  // No CV object is read: the request's evaluation only asks that it exists.
  const store = { exists: () => Promise.resolve(true) };
  const made: string[] = [];
  for (const [index, job] of picked.entries()) {
    const at = now.getTime() - (index === 0 ? 12 * DAY : 5 * DAY);
    const outcome = await createReferralRequest(db, store, {
      user: (await userById(db, OVERSIGHT_DEMO_USER))!,
      input: { companyId: COMPANY, jobId: job.id },
      now: new Date(at),
    });
    if (outcome.type !== 'RequestAccepted' || !outcome.requestId) return made.length;
    const id = outcome.requestId;
    const [row] = await db.select().from(referralRequests).where(eq(referralRequests.id, id));
    const referee = row?.currentRefereeId ? await userById(db, row.currentRefereeId) : undefined;
    if (!referee) return made.length;
    const as = { user: referee, isAdmin: false };
    await actOnReferral(db, {
      requestId: id,
      input: { action: 'accept' },
      caller: as,
      now: new Date(at + 20 * HOUR),
    });
    if (index === 0) {
      await actOnReferral(db, {
        requestId: id,
        input: { action: 'refer', body: { reference: 'BS-REF-2093' } },
        caller: as,
        now: new Date(at + 2 * DAY),
      });
      await disputeReferral(db, {
        requestId: id,
        user: await userById(db, OVERSIGHT_DEMO_USER),
        note: 'Banyan HR says no referral reached them for this role.',
        now: new Date(now.getTime() - 2 * DAY),
      });
    }
    made.push(id);
  }
  return made.length;
}
