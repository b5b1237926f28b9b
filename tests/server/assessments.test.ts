/**
 * The evaluator (issue 21 item 4) through the real API on a copy of the seeded database: the
 * spec §6 matrix (evaluators assess; site admins read history only; candidates, corporate users
 * and nobody are refused; an evaluator cannot read the admin audit log), validation, history kept
 * newest first, the queue (new requesters first, then referees never assessed), no payment data
 * in anything an evaluator reads, the audit rows, the candidate's score on the referee's offer,
 * and the latest scores (the referee's and the candidate's) steering which referee a new request
 * is offered to.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import {
  adminAudit,
  assessments,
  companies,
  refereeProfiles,
  referralRequests,
  users,
} from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import {
  AssessmentErrors,
  type Assessment,
  type EvaluatedPerson,
  type QueueItem,
} from '../../src/domain/contract/assessments';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { testConfig } from './support/test-config';
import { openTestDatabase } from './support/test-database';

const who = {
  evaluator: demoAccount('evaluator@example.com'),
  admin: demoAccount('admin@example.com'),
  candidate: demoAccount('candidate@example.com'),
  corpAdmin: demoAccount('corp-admin@example.com'),
  recruiter: demoAccount('recruiter@example.com'),
  referee: demoAccount('referee@example.com'),
};
type Who = keyof typeof who | 'refY';
const CANDIDATE_ID = 'usr-candidate';
const tokens = {} as Record<Who, string>;

let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;
let dataDir: string;

async function call(caller: Who | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: caller ? { authorization: `Bearer ${tokens[caller]}` } : {},
  });
  await app.backgroundTasks.settle();
  await app.jobs.settle();
  return res;
}

/** Every object key in a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  return [];
}

const person = (id: string) => `/api/evaluator/people/${id}`;
const history = (id: string) => `${person(id)}/assessments`;
const good = { skillsVerified: ['React'], communication: 4, experienceFit: 4, overall: 82 };

/**
 * A company whose two referees differ only in their starting score (A 70, B 60): same
 * designation, department and city, no offers yet. The candidate's pasted link scores them on
 * everything else alike, so the assessment decides.
 */
async function twoRefereeCompany(slug: string, refereeBSub?: string) {
  const { db } = database;
  const companyId = `cmp-assess-${slug}`;
  await db.insert(companies).values({
    id: companyId,
    name: `Assess ${slug}`,
    industry: 'Software',
    careerUrl: `https://careers.assess-${slug}.example.com`,
  });
  const ids = { a: `usr-assess-${slug}-a`, b: `usr-assess-${slug}-b` };
  for (const [key, score] of [
    ['a', 70],
    ['b', 60],
  ] as const) {
    await db.insert(users).values({
      id: ids[key],
      email: `${key}@assess-${slug}.example.com`,
      name: `Referee ${slug.toUpperCase()}${key.toUpperCase()}`,
      userType: ['general-user'],
      cognitoSub: key === 'b' ? (refereeBSub ?? null) : null,
      designation: 'Senior Software Engineer',
      coreSkills: ['Go', 'Kubernetes'],
      yoe: 8,
      location: 'Kochi',
    });
    await db.insert(refereeProfiles).values({
      userId: ids[key],
      companyId,
      workEmailVerified: true,
      workEmailDomain: `assess-${slug}.example.com`,
      verifiedAt: new Date(Date.now() - 30 * 86_400_000),
      assessmentScore: score,
      designation: 'Senior Software Engineer',
      location: 'Kochi',
      department: 'Engineering',
    });
  }
  return { companyId, ...ids };
}

/** The candidate asks for a referral for a pasted job of the company: who got the first offer. */
async function firstOfferOf(companyId: string, slug: string): Promise<string | null> {
  const jobUrl = `https://careers.assess-${slug}.example.com/jobs/${Date.now()}-${Math.random()}`;
  const res = await call('candidate', 'POST', '/api/referrals', { companyId, jobUrl });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const body = res.json<{ data: { type: string; request: { id: string } } }>();
  expect(body.data.type).toBe('RequestAccepted');
  const [row] = await database.db
    .select({ referee: referralRequests.currentRefereeId })
    .from(referralRequests)
    .where(eq(referralRequests.id, body.data.request.id));
  return row?.referee ?? null;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-assessments-'));
  database = await openTestDatabase();
  auth = await createTestAuth();
  app = await buildServer({
    config: testConfig({
      DIST_DIR: '/nonexistent',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
    }),
    db: database.db,
    verifier: auth.verifier,
  });
  await app.ready();
  for (const [name, account] of Object.entries(who)) {
    tokens[name as Who] = await auth.accessToken({ sub: account.sub, groups: [account.group] });
  }
  tokens.refY = await auth.accessToken({ sub: 'sub-assess-y-b', groups: ['general-user'] });
  // Enough credits for the requests below.
  const grant = await call('admin', 'POST', '/api/admin/credit-grants', {
    userId: CANDIDATE_ID,
    amount: 20,
  });
  expect(grant.statusCode).toBe(201);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('who may use the evaluator calls (spec §6)', () => {
  it('evaluators read the queue and people; admins, candidates and companies are refused', async () => {
    expect((await call('evaluator', 'GET', '/api/evaluator/queue')).statusCode).toBe(200);
    expect((await call('evaluator', 'GET', person(CANDIDATE_ID))).statusCode).toBe(200);
    for (const caller of ['admin', 'candidate', 'corpAdmin', 'recruiter', 'referee'] as const) {
      for (const url of [
        '/api/evaluator/queue',
        person(CANDIDATE_ID),
        `${person(CANDIDATE_ID)}/cv`,
      ]) {
        const res = await call(caller, 'GET', url);
        expect(res.statusCode, `${caller} ${url}`).toBe(403);
        expect(res.json()).toEqual({ errorMsg: AssessmentErrors.evaluatorsOnly });
      }
    }
    expect((await call(null, 'GET', '/api/evaluator/queue')).statusCode).toBe(401);
    expect((await call(null, 'GET', person(CANDIDATE_ID))).statusCode).toBe(401);
  });

  it('only evaluators assess; admins read the history; others read nothing', async () => {
    for (const caller of ['admin', 'candidate', 'corpAdmin', 'recruiter', 'referee'] as const) {
      const res = await call(caller, 'POST', history(CANDIDATE_ID), good);
      expect(res.statusCode, caller).toBe(403);
    }
    expect((await call(null, 'POST', history(CANDIDATE_ID), good)).statusCode).toBe(401);
    expect(await database.db.select().from(assessments)).toHaveLength(0);

    expect((await call('admin', 'GET', history(CANDIDATE_ID))).statusCode).toBe(200);
    expect((await call('evaluator', 'GET', history(CANDIDATE_ID))).statusCode).toBe(200);
    for (const caller of ['candidate', 'corpAdmin', 'recruiter', 'referee'] as const) {
      const res = await call(caller, 'GET', history(CANDIDATE_ID));
      expect(res.statusCode, caller).toBe(403);
      expect(res.json()).toEqual({ errorMsg: AssessmentErrors.readersOnly });
    }
    expect((await call(null, 'GET', history(CANDIDATE_ID))).statusCode).toBe(401);
  });

  it('an evaluator cannot use admin moderation calls (the audit log)', async () => {
    expect((await call('evaluator', 'GET', '/api/admin/audit')).statusCode).toBe(403);
  });

  it('an evaluator cannot assess themselves', async () => {
    const res = await call('evaluator', 'POST', history('usr-evaluator'), {
      ...good,
      skillsVerified: [],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errorMsg: AssessmentErrors.notYourself });
  });
});

describe('the assessment form', () => {
  it('refuses bad input with a 400 in words, never a 500, and stores nothing', async () => {
    const bad: object[] = [
      { ...good, overall: 101 },
      { ...good, overall: -1 },
      { ...good, overall: 80.5 },
      { ...good, communication: 0 },
      { ...good, experienceFit: 6 },
      { ...good, notes: 'x'.repeat(2001) },
      { ...good, skillsVerified: 'React' },
      { communication: 3, experienceFit: 3 },
    ];
    for (const body of bad) {
      const res = await call('evaluator', 'POST', history(CANDIDATE_ID), body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json<{ errorMsg: string }>().errorMsg).toBeTruthy();
    }
    const foreign = await call('evaluator', 'POST', history(CANDIDATE_ID), {
      ...good,
      skillsVerified: ['React', 'Cobol'],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ errorMsg: AssessmentErrors.skillNotOnProfile('Cobol') });
    const nobody = await call('evaluator', 'POST', history('usr-nobody'), good);
    expect(nobody.statusCode).toBe(404);
    expect((await call('evaluator', 'GET', person('usr-nobody'))).statusCode).toBe(404);
    expect(await database.db.select().from(assessments)).toHaveLength(0);
  });
});

describe('the queue, history and what an evaluator sees', () => {
  it('lists new referral requesters first, then referees never assessed', async () => {
    const queue = (await call('evaluator', 'GET', '/api/evaluator/queue')).json<{
      data: QueueItem[];
    }>().data;
    // The seeded candidate asked for referrals in the last days; the seeded referees were never
    // assessed (their starting scores are seeded values, not assessments).
    expect(queue[0]).toMatchObject({ userId: CANDIDATE_ID, reason: 'newRequester' });
    const reasons = queue.map((item) => item.reason);
    expect(reasons.lastIndexOf('newRequester')).toBeLessThan(
      reasons.indexOf('refereeNeverAssessed'),
    );
    expect(queue.some((item) => item.userId === 'usr-referee')).toBe(true);
    expect(queue.find((i) => i.userId === 'usr-referee')?.companyName).toBe('Monsoon Learning');
    expect(queue.some((item) => item.userId === 'usr-evaluator')).toBe(false);
  });

  it('keeps every assessment, newest first; the latest is the score; the queue moves on', async () => {
    const first = await call('evaluator', 'POST', history(CANDIDATE_ID), {
      ...good,
      skillsVerified: ['react', 'TypeScript', 'React'],
      notes: 'Clear answers on rendering performance.',
    });
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json<{ data: Assessment }>().data;
    // The profile's spelling, once each.
    expect(created).toMatchObject({
      subjectId: CANDIDATE_ID,
      skillsVerified: ['React', 'TypeScript'],
      overall: 82,
      evaluatorName: 'Meera Nair',
    });
    const second = await call('evaluator', 'POST', history(CANDIDATE_ID), {
      ...good,
      overall: 74,
      communication: 3,
    });
    expect(second.statusCode).toBe(201);

    const list = (await call('admin', 'GET', history(CANDIDATE_ID))).json<{ data: Assessment[] }>()
      .data;
    expect(list.map((a) => a.overall)).toEqual([74, 82]);
    expect(list[1]!.notes).toBe('Clear answers on rendering performance.');
    const seen = (await call('evaluator', 'GET', person(CANDIDATE_ID))).json<{
      data: EvaluatedPerson;
    }>().data;
    expect(seen.latest?.overall).toBe(74);
    expect(seen.history.requestsMade).toBeGreaterThan(0);
    expect(seen.cvAvailable).toBe(true);

    const queue = (await call('evaluator', 'GET', '/api/evaluator/queue')).json<{
      data: QueueItem[];
    }>().data;
    expect(queue.some((item) => item.userId === CANDIDATE_ID)).toBe(false);
  });

  it('lists a referee again once their latest assessment is over 180 days old', async () => {
    const old = new Date(Date.now() - 200 * 86_400_000);
    await database.db.insert(assessments).values({
      id: 'assessment-old-farhan',
      subjectId: 'usr-ref-farhan-ali',
      evaluatorId: who.evaluator.sub,
      communication: 4,
      experienceFit: 4,
      overall: 88,
      createdAt: old,
    });
    const queue = (await call('evaluator', 'GET', '/api/evaluator/queue')).json<{
      data: QueueItem[];
    }>().data;
    const farhan = queue.find((item) => item.userId === 'usr-ref-farhan-ali');
    expect(farhan).toMatchObject({ reason: 'refereeDue', latest: { overall: 88 } });
    expect(queue.at(-1)?.reason).toBe('refereeDue');
  });

  it('sends an assessment once for one Idempotency-Key (the outbox retries)', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: history('usr-newcandidate'),
        payload: { ...good, skillsVerified: [], overall: 55 },
        headers: {
          authorization: `Bearer ${tokens.evaluator}`,
          'idempotency-key': 'assess-once-1',
        },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await database.db
      .select()
      .from(assessments)
      .where(eq(assessments.subjectId, 'usr-newcandidate'));
    expect(rows).toHaveLength(1);
  });

  it('answers an over-long person id with a 4xx, never a 500', async () => {
    const res = await call('evaluator', 'GET', person('x'.repeat(101)));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('never returns payment data, credits, ledger, CTC or contact details', async () => {
    const [candidate] = await database.db.select().from(users).where(eq(users.id, CANDIDATE_ID));
    const bodies = [
      (await call('evaluator', 'GET', '/api/evaluator/queue')).body,
      (await call('evaluator', 'GET', person(CANDIDATE_ID))).body,
      (await call('evaluator', 'GET', history(CANDIDATE_ID))).body,
      (await call('evaluator', 'GET', person('usr-referee'))).body,
    ];
    for (const body of bodies) {
      const forbidden = keysOf(JSON.parse(body)).filter((key) =>
        /credit|balance|ledger|payment|order|refund|plan|purchase|ctc|salary|email|phone/i.test(
          key,
        ),
      );
      expect(forbidden).toEqual([]);
      expect(body).not.toContain(candidate!.email);
      expect(body).not.toContain(String(candidate!.cvObjectKey));
    }
  });

  it('records each assessment in the audit log, read by admins', async () => {
    const rows = await database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subjectType, 'assessment'));
    // The two of the candidate above and the one of the idempotency case.
    expect(rows).toHaveLength(3);
    const page = (await call('admin', 'GET', '/api/admin/audit?subjectType=assessment'))
      .json<{
        data: { actorRole: string; action: string; before: unknown; after: unknown }[];
      }>()
      .data.filter((entry) => (entry.after as { userId?: string }).userId === CANDIDATE_ID);
    expect(page[0]).toMatchObject({
      actorRole: 'evaluator',
      action: 'assessment.create',
      before: { userId: CANDIDATE_ID, overall: 82 },
      after: { userId: CANDIDATE_ID, overall: 74, communication: 3 },
    });
    expect(page[1]).toMatchObject({ before: { overall: null }, after: { overall: 82 } });
    // Notes stay in the assessment, out of the log.
    expect(JSON.stringify(page)).not.toContain('rendering performance');
  });
});

describe('the latest score in referral matching', () => {
  it('the same two referees: unassessed, the higher starting score gets the first offer', async () => {
    const x = await twoRefereeCompany('x');
    expect(await firstOfferOf(x.companyId, 'x')).toBe(x.a);
  });

  it('assessing the second referee nearer the candidate sends the next request to them first', async () => {
    // The candidate's latest is 74 (above): B assessed 76 fits better than A's starting 70.
    const y = await twoRefereeCompany('y', 'sub-assess-y-b');
    const res = await call('evaluator', 'POST', history(y.b), {
      skillsVerified: ['Go'],
      communication: 5,
      experienceFit: 5,
      overall: 76,
    });
    expect(res.statusCode).toBe(201);
    expect(await firstOfferOf(y.companyId, 'y')).toBe(y.b);
    const seen = (await call('evaluator', 'GET', person(y.b))).json<{ data: EvaluatedPerson }>()
      .data;
    expect(seen).toMatchObject({ matchingScore: 76, history: { offersReceived: 1 } });

    // The referee reads the candidate's latest score (74 above) on the offer.
    const inbox = (await call('refY', 'GET', '/api/referee/offers')).json<{
      data: { candidateAssessment: { overall: number; assessedAt: string } | null }[];
    }>().data;
    expect(inbox[0]!.candidateAssessment?.overall).toBe(74);
  });

  it('the latest assessment counts, not the best: a lower reassessment gives the lead back', async () => {
    const z = await twoRefereeCompany('z');
    for (const overall of [95, 30]) {
      const res = await call('evaluator', 'POST', history(z.b), {
        skillsVerified: [],
        communication: 3,
        experienceFit: 3,
        overall,
      });
      expect(res.statusCode).toBe(201);
    }
    expect(await firstOfferOf(z.companyId, 'z')).toBe(z.a);
    const list = (await call('evaluator', 'GET', history(z.b))).json<{ data: Assessment[] }>().data;
    expect(list.map((a) => a.overall)).toEqual([30, 95]);
  });
});

describe("the candidate's latest score in referral matching", () => {
  /** A new assessment of the demo candidate; the newest is their score. */
  async function assessCandidate(overall: number) {
    const res = await call('evaluator', 'POST', history(CANDIDATE_ID), {
      skillsVerified: [],
      communication: 3,
      experienceFit: 3,
      overall,
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  it('changes which of the same two referees (A 70, B 60) gets the first offer', async () => {
    // Fresh companies for each request, so neither referee carries an offer into the next.
    await assessCandidate(90);
    const strong = await twoRefereeCompany('p');
    expect(await firstOfferOf(strong.companyId, 'p')).toBe(strong.a);

    await assessCandidate(55);
    const middling = await twoRefereeCompany('q');
    expect(await firstOfferOf(middling.companyId, 'q')).toBe(middling.b);

    // The latest counts: assessed higher again, the stronger referee leads again.
    await assessCandidate(88);
    const again = await twoRefereeCompany('r');
    expect(await firstOfferOf(again.companyId, 'r')).toBe(again.a);
  });
});
