/**
 * The candidate's own profile (issue 10): PATCH /api/user/{email}/profile edits the caller's
 * record only, POST /api/user/profile creates it for a new sign-up, and GET /user/basic-details
 * shows the whole editable profile.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import { ReferralLimits } from '../../src/domain/contract/referrals';
import { makeServer } from './helpers';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;

const candidate = demoAccount('candidate@example.com');
const newcandidate = demoAccount('newcandidate@example.com');
const recruiter = demoAccount('recruiter@example.com');

beforeAll(async () => {
  database = await openTestDatabase();
  auth = await createTestAuth();
  app = await makeServer('/nonexistent', database.db, auth.verifier);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Body = Record<string, unknown> & { errorMsg?: string; data?: Record<string, unknown> };

const tokenOf = (account: { sub: string; group: string }) =>
  auth.accessToken({ sub: account.sub, groups: [account.group] });

async function send(
  method: 'GET' | 'PATCH' | 'POST',
  url: string,
  token: string,
  payload?: unknown,
  key?: string,
) {
  const res = await app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json<Body>(), headers: res.headers };
}

const patchOwn = async (account: typeof candidate, payload: unknown, key?: string) =>
  send('PATCH', `/api/user/${account.email}/profile`, await tokenOf(account), payload, key);

describe('PATCH /api/user/{email}/profile', () => {
  it('updates the editable fields and answers the basic details', async () => {
    const { status, body } = await patchOwn(newcandidate, {
      fullName: '  Rahul K. Verma ',
      designation: 'Backend Engineer',
      coreSkills: ['reactjs', 'Node.js', ' Kubeflow  pipelines '],
      softSkills: ['communication'],
      technicalSkills: ['git'],
      YOE: 3.5,
      CTC: 12,
      ECTC: 18.5,
      noticePeriod: 60,
      location: 'Pune',
      about: 'Builds APIs.',
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      email: newcandidate.email,
      fullName: 'Rahul K. Verma',
      candidateExperience: { designation: 'Backend Engineer' },
      // Canonical names where the taxonomy knows the skill; free entries tidied and kept.
      coreSkills: [
        { skillName: 'React' },
        { skillName: 'Node.js' },
        { skillName: 'Kubeflow pipelines' },
      ],
      softSkills: [{ skillName: 'Communication' }],
      technicalSkills: [{ skillName: 'Git' }],
      YOE: 3.5,
      CTC: 12,
      ECTC: 18.5,
      noticePeriod: 60,
      location: 'Pune',
      about: 'Builds APIs.',
    });

    const details = await send('GET', '/api/user/basic-details', await tokenOf(newcandidate));
    expect(details.body.data).toMatchObject({
      ECTC: 18.5,
      noticePeriod: 60,
      about: 'Builds APIs.',
    });
  });

  it('changes only the fields sent, and clears optional ones with null or ""', async () => {
    const { status, body } = await patchOwn(newcandidate, { location: '', about: null, YOE: 4 });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      location: null,
      about: null,
      YOE: 4,
      CTC: 12,
      candidateExperience: { designation: 'Backend Engineer' },
    });
  });

  it.each([
    [{ YOE: 61 }, 'YOE'],
    [{ YOE: -1 }, 'YOE'],
    [{ CTC: 1000.5 }, 'CTC'],
    [{ ECTC: '20' }, 'ECTC'],
    [{ noticePeriod: 366 }, 'noticePeriod'],
    [{ noticePeriod: 10.5 }, 'noticePeriod'],
    [{ location: 'x'.repeat(121) }, 'location'],
    [{ about: 'x'.repeat(2001) }, 'about'],
    [{ fullName: '   ' }, 'fullName'],
    [{ coreSkills: ['   '] }, 'coreSkills.0'],
    [{ softSkills: ['x'.repeat(61)] }, 'softSkills.0'],
    [{ technicalSkills: Array.from({ length: 51 }, (_, i) => `skill ${i}`) }, 'technicalSkills'],
    [{ coreSkills: 'React' }, 'coreSkills'],
    [{ isCvExtracted: true }, 'isCvExtracted'],
    [{ lastAccessedDash: 'ADMIN' }, 'lastAccessedDash'],
    [{}, 'nothing to update'],
  ])('refuses %j with a 400 naming the problem', async (payload, named) => {
    const { status, body } = await patchOwn(candidate, payload);
    expect(status).toBe(400);
    expect(body.errorMsg).toContain(named);
  });

  it('remembers the dashboard the user moved to, which decides where sign-in lands (spec §2)', async () => {
    const toEmployee = await patchOwn(newcandidate, { lastAccessedDash: 'EMP' });
    expect(toEmployee.status).toBe(200);
    const details = async () =>
      (await send('GET', `/api/user/${newcandidate.email}/details`, await tokenOf(newcandidate)))
        .body as unknown as { lastAccessedDash: string }[];
    expect((await details())[0]!.lastAccessedDash).toBe('EMP');
    expect((await patchOwn(newcandidate, { lastAccessedDash: 'CAND' })).status).toBe(200);
    expect((await details())[0]!.lastAccessedDash).toBe('CAND');
  });

  it('refuses a body that is not an object, never with a 500', async () => {
    const list = await patchOwn(candidate, ['React']);
    expect(list.status).toBe(400);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/user/${candidate.email}/profile`,
      headers: {
        authorization: `Bearer ${await tokenOf(candidate)}`,
        'content-type': 'application/json',
      },
      payload: '{"YOE": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Body>().errorMsg).toBeTruthy();
  });

  it("refuses another user's profile with a 403 and leaves it alone", async () => {
    const { status, body } = await send(
      'PATCH',
      `/api/user/${candidate.email}/profile`,
      await tokenOf(newcandidate),
      { CTC: 1 },
    );
    expect(status).toBe(403);
    expect(body.errorMsg).toBe('You can only edit your own profile');
    const [row] = await database.db.select().from(users).where(eq(users.email, candidate.email));
    expect(row?.ctc).toBe(18);
  });

  it('answers 404 when the caller has no profile, and 401 without a token', async () => {
    const stranger = await auth.accessToken({ sub: '00000000-0000-4000-8000-0000000000ff' });
    const res = await send('PATCH', '/api/user/someone@example.com/profile', stranger, { YOE: 1 });
    expect(res.status).toBe(404);
    const anonymous = await app.inject({
      method: 'PATCH',
      url: `/api/user/${candidate.email}/profile`,
      payload: { YOE: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const key = 'profile-edit-0001';
    const first = await patchOwn(candidate, { noticePeriod: 45 }, key);
    expect(first.status).toBe(200);
    // Changed in between (another device): the replay must not write 45 over it again.
    await patchOwn(candidate, { noticePeriod: 15 });
    const again = await patchOwn(candidate, { noticePeriod: 45 }, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const [row] = await database.db.select().from(users).where(eq(users.email, candidate.email));
    expect(row?.noticePeriod).toBe(15);
    const reused = await patchOwn(candidate, { noticePeriod: 90 }, key);
    expect(reused.status).toBe(422);
  });
});

describe('POST /api/user/profile', () => {
  const newcomer = { sub: '00000000-0000-4000-8000-0000000000aa', group: 'general-user' };
  const newcomerEmail = 'Fresh.Signup@example.com';

  it('creates the profile of a new sign-up, then answers 409', async () => {
    const token = await tokenOf(newcomer);
    const idToken = await auth.idToken({ sub: newcomer.sub, email: newcomerEmail });
    expect((await send('GET', '/api/user/basic-details', token)).status).toBe(404);

    // The email must be proven by an ID token: an access token (no email) is refused.
    const unproven = await send('POST', '/api/user/profile', token, {
      email: newcomerEmail,
      fullName: 'Fresh Signup',
    });
    expect(unproven.status).toBe(401);
    const someoneElse = await send('POST', '/api/user/profile', idToken, {
      email: 'not-mine@example.com',
      fullName: 'Fresh Signup',
    });
    expect(someoneElse.status).toBe(403);

    const created = await send('POST', '/api/user/profile', idToken, {
      email: newcomerEmail,
      fullName: 'Fresh Signup',
      designation: 'Data Analyst',
      coreSkills: ['sql', 'Python'],
      YOE: 1,
      CTC: 6,
      noticePeriod: 30,
      location: 'Chennai',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      email: newcomerEmail,
      fullName: 'Fresh Signup',
      lastAccessedDash: 'CAND',
      candidateExperience: { designation: 'Data Analyst' },
      coreSkills: [{ skillName: 'SQL' }, { skillName: 'Python' }],
      YOE: 1,
      CTC: 6,
      ECTC: null,
      noticePeriod: 30,
      isCvExtracted: false,
      // issue 16: the sign-up referral credits.
      referralCount: ReferralLimits.signupCredits,
      CV: null,
    });
    const details = await send('GET', '/api/user/basic-details', token);
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({ email: newcomerEmail, location: 'Chennai' });

    const twice = await send('POST', '/api/user/profile', idToken, {
      email: newcomerEmail,
      fullName: 'Fresh Signup',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errorMsg).toBe('Your profile already exists');

    // The new user edits it like any other.
    const edit = await send('PATCH', `/api/user/${newcomerEmail}/profile`, token, { ECTC: 9 });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ ECTC: 9 });
  });

  it("refuses another record's email with a 409", async () => {
    const other = await auth.idToken({
      sub: '00000000-0000-4000-8000-0000000000ab',
      email: 'candidate@example.com',
    });
    const res = await send('POST', '/api/user/profile', other, {
      email: 'CANDIDATE@example.com',
      fullName: 'Impostor',
    });
    expect(res.status).toBe(409);
    expect(res.body.errorMsg).toBe('A profile with this email already exists');
  });

  it('validates the body like the edit does', async () => {
    const other = await auth.idToken({
      sub: '00000000-0000-4000-8000-0000000000ac',
      email: 'a@example.com',
    });
    const noName = await send('POST', '/api/user/profile', other, { email: 'a@example.com' });
    expect(noName.status).toBe(400);
    expect(noName.body.errorMsg).toContain('fullName');
    const badEmail = await send('POST', '/api/user/profile', other, {
      email: 'not-an-email',
      fullName: 'A',
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errorMsg).toContain('email');
    const extra = await send('POST', '/api/user/profile', other, {
      email: 'a@example.com',
      fullName: 'A',
      referralCount: 99,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.errorMsg).toContain('referralCount');
  });

  it('refuses corporate users (spec §6: the form is for admins and general users)', async () => {
    const res = await send('POST', '/api/user/profile', await tokenOf(recruiter), {
      email: recruiter.email,
      fullName: recruiter.name,
    });
    expect(res.status).toBe(403);
  });
});
