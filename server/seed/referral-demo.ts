/**
 * Referral demo data (issue 16): referees at several companies, credits, and requests of
 * candidate@example.com in every state, so a newcomer's tracker and the demo referee's inbox are
 * alive on the first `npm start`. The requests are made by the real service (service.ts) with a
 * clock set in the past, so their timelines, offers, holds and consumptions are exactly what the
 * product would have written; times are relative to the seeding moment, so deadlines still lie
 * ahead.
 *
 * Referees: Monsoon Learning has four (referee@ and referee2@ sign in; the others are seed-only
 * users without an identity), Peacock Analytics and Zenith Motors two, Cedar Health and Banyan
 * Systems one each; Marigold Insurance and Quartz Health have none (a request there waits).
 *
 * Credits: every demo user's seeded referral_count becomes an opening grant; the candidate also
 * gets a demo grant worth the requests below that keep their credit, so the header still says
 * 3 (tests/e2e/session.spec.ts).
 */
import { eq, sql, type InferInsertModel } from 'drizzle-orm';
import type { Database } from '../db/client';
import { refereeProfiles, referralRequests, users } from '../db/schema';
import { demoAccount } from '../identity/demo-accounts';
import { recordMovement } from '../referrals/credits';
import { actOnReferral, createReferralRequest, type ActionInput } from '../referrals/service';

type UserRow = InferInsertModel<typeof users>;
type RefereeRow = InferInsertModel<typeof refereeProfiles>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const DEMO_REFEREE_COMPANY = 'cmp-monsoon-learning';

/** Referees without a sign-in: product users only. */
const seedOnlyReferees: (UserRow & { referee: Omit<RefereeRow, 'userId'> })[] = [
  ['Rohan Gupta', 'Software Engineer', 'Noida', 'Engineering', 'cmp-monsoon-learning', 64],
  ['Ishita Bose', 'Senior Product Manager', 'Bengaluru', 'Product', 'cmp-monsoon-learning', 71],
  ['Farhan Ali', 'Staff Engineer', 'Mumbai', 'Engineering', 'cmp-peacock-analytics', 88],
  ['Sneha Kulkarni', 'Senior Data Analyst', 'Pune', 'Data', 'cmp-peacock-analytics', 69],
  ['Vivek Menon', 'Lead Frontend Engineer', 'Bengaluru', 'Engineering', 'cmp-cedar-health', 80],
  ['Pooja Iyer', 'Senior Software Engineer', 'Chennai', 'Engineering', 'cmp-banyan-systems', 76],
  ['Aditya Singh', 'Engineering Manager', 'Pune', 'Engineering', 'cmp-zenith-motors', 73],
  // issue 21 item 4: Aditya's twin but for a lower starting score, so an evaluator's assessment
  // alone decides which of the two a Zenith request goes to (tests/e2e/evaluator.spec.ts).
  ['Meghna Rao', 'Engineering Manager', 'Pune', 'Engineering', 'cmp-zenith-motors', 58],
].map(([name, designation, location, department, companyId, score]) => {
  const slug = String(name).toLowerCase().replace(/\s+/g, '-');
  const domain = `${String(companyId).replace(/^cmp-/, '')}.example.com`;
  return {
    id: `usr-ref-${slug}`,
    email: `${slug}@${domain}`,
    name: String(name),
    userType: ['general-user'],
    designation: String(designation),
    location: String(location),
    yoe: 6,
    lastAccessedDash: 'EMP',
    referee: {
      companyId: String(companyId),
      workEmailVerified: true,
      workEmailDomain: domain,
      assessmentScore: Number(score),
      designation: String(designation),
      location: String(location),
      department: String(department),
    },
  };
});

function signInReferees(now: Date): RefereeRow[] {
  const verifiedAt = new Date(now.getTime() - 60 * DAY);
  return [
    {
      userId: `usr-${demoAccount('referee@example.com').email.split('@')[0]}`,
      companyId: DEMO_REFEREE_COMPANY,
      workEmailVerified: true,
      workEmailDomain: 'monsoon-learning.example.com',
      verifiedAt,
      assessmentScore: 86,
      designation: 'Senior Software Engineer',
      location: 'Hyderabad',
      department: 'Engineering',
    },
    {
      userId: `usr-${demoAccount('referee2@example.com').email.split('@')[0]}`,
      companyId: DEMO_REFEREE_COMPANY,
      workEmailVerified: true,
      workEmailDomain: 'monsoon-learning.example.com',
      verifiedAt,
      assessmentScore: 78,
      designation: 'Engineering Manager',
      location: 'Bengaluru',
      department: 'Engineering',
    },
  ];
}

type Step =
  | { as: 'referee'; input: ActionInput; after: number }
  | { as: 'candidate'; input: ActionInput; after: number };

interface DemoRequest {
  companyId: string;
  jobId: string;
  note: string;
  /** How long before seeding it was made. */
  ago: number;
  steps: Step[];
}

/** One request per state (the comment is the state it ends in). */
const DEMO_REQUESTS: DemoRequest[] = [
  // acknowledged
  {
    companyId: 'cmp-peacock-analytics',
    jobId: 'job-000133',
    note: 'I build accessible React interfaces for slow phones, which your UI team works on.',
    ago: 30 * DAY,
    steps: [
      { as: 'referee', input: { action: 'accept' }, after: 9 * HOUR },
      {
        as: 'referee',
        input: { action: 'refer', body: { reference: 'Referral PA-20418 in the careers portal' } },
        after: 2 * DAY,
      },
      { as: 'candidate', input: { action: 'acknowledge', note: 'Thank you!' }, after: 3 * DAY },
    ],
  },
  // referred
  {
    companyId: 'cmp-cedar-health',
    jobId: 'job-002072',
    note: '',
    ago: 12 * DAY,
    steps: [
      { as: 'referee', input: { action: 'accept' }, after: 20 * HOUR },
      {
        as: 'referee',
        input: { action: 'refer', body: { reference: 'CH-REF-7731' } },
        after: 2 * DAY,
      },
    ],
  },
  // expired: the company's only referee declined, nobody left
  {
    companyId: 'cmp-banyan-systems',
    jobId: 'job-000953',
    note: '',
    ago: 20 * DAY,
    steps: [
      {
        as: 'referee',
        input: { action: 'decline', body: { reason: 'roleFilled' } },
        after: 30 * HOUR,
      },
    ],
  },
  // rejected: a Site Reliability job scores under the threshold for a frontend profile
  { companyId: DEMO_REFEREE_COMPANY, jobId: 'job-000516', note: '', ago: 8 * DAY, steps: [] },
  // cancelled: waited at a company without referees, withdrawn by the candidate
  {
    companyId: 'cmp-quartz-health',
    jobId: 'job-000244',
    note: '',
    ago: 15 * DAY,
    steps: [
      { as: 'candidate', input: { action: 'cancel', note: 'Applied directly' }, after: 2 * DAY },
    ],
  },
  // accepted
  {
    companyId: DEMO_REFEREE_COMPANY,
    jobId: 'job-000964',
    note: 'Happy to relocate to Noida.',
    ago: 3 * DAY,
    steps: [{ as: 'referee', input: { action: 'accept' }, after: 14 * HOUR }],
  },
  // offered again after a decline (the timeline shows the first referee's reason)
  {
    companyId: DEMO_REFEREE_COMPANY,
    jobId: 'job-000590',
    note: '',
    ago: 2 * DAY,
    steps: [
      {
        as: 'referee',
        input: { action: 'decline', body: { reason: 'notMyTeam' } },
        after: 20 * HOUR,
      },
    ],
  },
  // approved: waiting for a referee (none at Marigold Insurance yet)
  { companyId: 'cmp-marigold-insurance', jobId: 'job-003042', note: '', ago: 2 * DAY, steps: [] },
  // offered
  {
    companyId: DEMO_REFEREE_COMPANY,
    jobId: 'job-002790',
    note: 'Seven years of UI work if you count my freelance projects.',
    ago: 20 * HOUR,
    steps: [],
  },
];

/** Requests above that keep their credit (held or consumed) at the end. */
const CREDITS_KEPT = 6;

async function userById(db: Database, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function hasReferralDemo(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(refereeProfiles);
  return Number(row?.n ?? 0) > 0;
}

/**
 * Seeds the referral demo once (no referee profiles yet). Demo users missing from a database
 * seeded before issue 16 are added first.
 */
export async function seedReferralDemo(
  db: Database,
  demoUsers: readonly UserRow[],
  now: Date = new Date(),
): Promise<{ seeded: boolean; requests: number }> {
  if (await hasReferralDemo(db)) return { seeded: false, requests: 0 };
  await db
    .insert(users)
    .values([...demoUsers])
    .onConflictDoNothing();
  await db
    .insert(users)
    .values(seedOnlyReferees.map(({ referee: _referee, ...user }) => user))
    .onConflictDoNothing();
  await db.insert(refereeProfiles).values([
    ...signInReferees(now),
    ...seedOnlyReferees.map(({ id, referee }) => ({
      userId: id,
      verifiedAt: new Date(now.getTime() - 90 * DAY),
      ...referee,
    })),
  ]);

  // Opening balances: what each demo user's profile says they have (the migration does the same
  // for databases that had users before the ledger).
  await db.transaction(async (tx) => {
    for (const user of demoUsers) {
      const count = user.referralCount ?? 0;
      if (count <= 0) continue;
      await recordMovement(tx, {
        userId: user.id,
        kind: 'grant',
        amount: count,
        uniqueKey: `opening:${user.id}`,
        note: 'Opening balance',
      });
    }
  });

  const candidate = await userById(db, 'usr-candidate');
  if (!candidate) return { seeded: true, requests: 0 };
  await db.transaction((tx) =>
    recordMovement(tx, {
      userId: candidate.id,
      kind: 'grant',
      amount: CREDITS_KEPT,
      uniqueKey: `demo:${candidate.id}`,
      note: 'Demo credits',
    }),
  );
  // The CV object is written by the CV feature on start (seed/demo-cv.ts): count it as there.
  const store = { exists: () => Promise.resolve(true) };
  let made = 0;
  for (const demo of DEMO_REQUESTS) {
    let at = now.getTime() - demo.ago;
    const outcome = await createReferralRequest(db, store, {
      user: (await userById(db, candidate.id))!,
      input: { companyId: demo.companyId, jobId: demo.jobId, note: demo.note || undefined },
      now: new Date(at),
    });
    if (!outcome.requestId) throw new Error(`demo referral for ${demo.jobId}: ${outcome.type}`);
    made += 1;
    for (const step of demo.steps) {
      at += step.after;
      const [row] = await db
        .select({ refereeId: referralRequests.currentRefereeId })
        .from(referralRequests)
        .where(eq(referralRequests.id, outcome.requestId));
      const actorId = step.as === 'candidate' ? candidate.id : row?.refereeId;
      if (!actorId) throw new Error(`demo referral for ${demo.jobId}: nobody to act`);
      await actOnReferral(db, {
        requestId: outcome.requestId,
        input: step.input,
        caller: { user: await userById(db, actorId), isAdmin: false },
        now: new Date(at),
      });
    }
  }
  return { seeded: true, requests: made };
}
