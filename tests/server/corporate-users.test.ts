/**
 * The company profile and the company's users (issue 20 item 3) through the real API on a real
 * PGlite: the §6 matrix of every call (corporate admin, recruiter, another company's admin, a
 * candidate, nobody), inviting by email (the mailed link from the dev mailbox), accepting with the
 * invited address only, invite expiry (spec §8 "Invite Expired"), role changes that count on the
 * next request, and deactivation (refused on every call, and the record the app reads at
 * sign-in says so, spec §4).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEACTIVATED_MESSAGE } from '../../server/auth/authenticate';
import type { DatabaseHandle } from '../../server/db/client';
import { companies, corporateInvites, jobs } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import { CorporateUserErrors } from '../../src/domain/contract/corporate-users';
import { startApiServer, type ApiTestServer } from './support/api-server';
import { corporateCallers, type CorporateCaller } from './support/corporate-callers';
import type { TestAuth } from './support/test-auth';

const corpAdmin = demoAccount('corp-admin@example.com');
const recruiter = demoAccount('recruiter@example.com');
const OTHER_ADMIN_SUB = '00000000-0000-4000-8000-0000000000ac';
const INVITEE_SUB = '00000000-0000-4000-8000-0000000000ad';
const INVITEE = 'new.recruiter@acme-hiring.example.com';

type Who = CorporateCaller;

let server: ApiTestServer;
let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;
const tokens = {} as Record<Who, string>;
let ourCompany: typeof companies.$inferSelect;

/** `who`: one of the named callers, or a raw bearer token. */
function call(who: string | null, options: InjectOptions) {
  const token = who === null ? null : who in tokens ? tokens[who as Who] : who;
  return app.inject({
    ...options,
    headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

async function mailedInviteToken(to: string): Promise<string> {
  const res = await app.inject({ url: `/_dev/mail?to=${encodeURIComponent(to)}` });
  const [latest] = res.json<{ data: { text: string }[] }>().data;
  const match = /\/corporate\/invite\/([A-Za-z0-9_-]+)/.exec(latest?.text ?? '');
  if (!match?.[1]) throw new Error(`no invite mailed to ${to}`);
  return match[1];
}

const invite = (who: Who, email: string, role = 'corporate-recruiter') =>
  call(who, { method: 'POST', url: '/api/corporate/users/invites', payload: { email, role } });

beforeAll(async () => {
  server = await startApiServer({
    dataDirPrefix: 'rh-corp-users-',
    env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000' },
  });
  ({ database, auth, app } = server);
  const callers = await corporateCallers(database.db, auth, {
    id: 'corp-users-other',
    sub: OTHER_ADMIN_SUB,
    email: 'users-other-admin@example.com',
  });
  ourCompany = callers.ourCompany;
  Object.assign(tokens, callers.tokens);
});
afterAll(async () => {
  await server.close();
});

describe('the company profile', () => {
  it('is read by every company user and changed by its admins only', async () => {
    const asRecruiter = await call('recruiter', { url: '/api/corporate/company' });
    expect(asRecruiter.statusCode).toBe(200);
    expect(asRecruiter.json()).toMatchObject({
      data: { id: ourCompany.id, name: ourCompany.name, editable: false },
    });
    expect((await call('candidate', { url: '/api/corporate/company' })).statusCode).toBe(403);
    expect((await call(null, { url: '/api/corporate/company' })).statusCode).toBe(401);

    const patch = (who: Who, payload: object) =>
      call(who, { method: 'PATCH', url: '/api/corporate/company', payload });
    const changes = {
      industry: 'Developer Tools',
      linkedIn: 'https://www.linkedin.com/company/acme-hiring',
      careerUrl: 'https://careers.acme-hiring.example.com/',
      emailDomains: ['Acme-Hiring.example.com', 'acme.example.in'],
    };
    expect((await patch('recruiter', changes)).statusCode).toBe(403);
    expect((await patch('candidate', changes)).statusCode).toBe(403);
    const res = await patch('corpAdmin', changes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        ...changes,
        emailDomains: ['acme-hiring.example.com', 'acme.example.in'],
        editable: true,
      },
    });
    // Free mail is no company's domain (issue 17 checks work emails against these).
    const free = await patch('corpAdmin', { emailDomains: ['gmail.com'] });
    expect(free.statusCode).toBe(400);
    expect(free.json<{ errorMsg: string }>().errorMsg).toBe(
      'A public mail domain cannot be a company domain',
    );
    const notLinkedIn = await patch('corpAdmin', { linkedIn: 'https://example.com/acme' });
    expect(notLinkedIn.statusCode).toBe(400);
    expect((await patch('corpAdmin', { emailDomains: ['not a domain'] })).statusCode).toBe(400);

    // Another company's admin changes their own company, never ours.
    expect((await patch('other', { industry: 'Logistics' })).statusCode).toBe(200);
    const [ours] = await database.db
      .select()
      .from(companies)
      .where(eq(companies.id, ourCompany.id));
    expect(ours?.industry).toBe('Developer Tools');
  });
});

describe("the company's users", () => {
  it('are listed for admins only, each company its own', async () => {
    const res = await call('corpAdmin', { url: '/api/corporate/users' });
    expect(res.statusCode).toBe(200);
    const { users } = res.json<{ data: { users: { email: string; isYou: boolean }[] } }>().data;
    expect(users.map((u) => u.email)).toEqual(
      expect.arrayContaining([corpAdmin.email, recruiter.email]),
    );
    expect(users.find((u) => u.isYou)?.email).toBe(corpAdmin.email);
    expect((await call('recruiter', { url: '/api/corporate/users' })).statusCode).toBe(403);
    expect((await call('candidate', { url: '/api/corporate/users' })).statusCode).toBe(403);
    expect((await call(null, { url: '/api/corporate/users' })).statusCode).toBe(401);
    const theirs = await call('other', { url: '/api/corporate/users' });
    expect(
      theirs.json<{ data: { users: { email: string }[] } }>().data.users.map((u) => u.email),
    ).toEqual(['users-other-admin@example.com']);
  });

  it('can be invited by email; only the invited address joins, once', async () => {
    expect((await invite('recruiter', INVITEE)).statusCode).toBe(403);
    expect((await invite('candidate', INVITEE)).statusCode).toBe(403);
    // Someone who already has a corporate account is not invited again.
    expect((await invite('corpAdmin', recruiter.email)).statusCode).toBe(409);

    const sent = await invite('corpAdmin', INVITEE);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      data: { email: INVITEE, role: 'corporate-recruiter', expired: false },
    });
    const token = await mailedInviteToken(INVITEE);
    const view = await call(null, { url: `/api/corporate/invites/${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      data: { companyName: ourCompany.name, email: INVITEE, role: 'corporate-recruiter' },
    });
    const listed = await call('corpAdmin', { url: '/api/corporate/users' });
    expect(
      listed.json<{ data: { invites: { email: string }[] } }>().data.invites.map((i) => i.email),
    ).toContain(INVITEE);

    // Someone else signed in with the link: refused. The invitee's ID token: joins.
    const stranger = await auth.idToken({ sub: OTHER_ADMIN_SUB, email: 'x@example.com' });
    const accept = (bearer: string) =>
      call(bearer, { method: 'POST', url: `/api/corporate/invites/${token}/accept` });
    expect((await accept(stranger)).statusCode).toBe(403);
    const unverified = await auth.idToken({
      sub: INVITEE_SUB,
      email: INVITEE,
      emailVerified: false,
    });
    expect((await accept(unverified)).statusCode).toBe(403);
    const idToken = await auth.idToken({ sub: INVITEE_SUB, email: INVITEE });
    const joined = await accept(idToken);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({
      data: { email: INVITEE, role: 'corporate-recruiter', active: true },
    });
    // The new recruiter works the company's pipeline at once (before any identity group).
    const access = await auth.accessToken({ sub: INVITEE_SUB, groups: ['general-user'] });
    const [job] = await database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.companyId, ourCompany.id))
      .limit(1);
    const pipeline = await call(access, { url: `/api/corporate/jobs/${job!.id}/applicants` });
    expect(pipeline.statusCode, pipeline.body).toBe(200);
    expect((await call(access, { url: '/api/corporate/users' })).statusCode).toBe(403);

    // Used once.
    const again = await accept(idToken);
    expect(again.statusCode).toBe(410);
    expect(again.json<{ errorMsg: string }>().errorMsg).toBe(CorporateUserErrors.inviteUsed);
  });

  it('expire: the link then answers with the Invite Expired text', async () => {
    const email = 'late.admin@acme-hiring.example.com';
    expect((await invite('corpAdmin', email, 'corporate-admin')).statusCode).toBe(201);
    const token = await mailedInviteToken(email);
    await database.db
      .update(corporateInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(corporateInvites.email, email));
    const view = await call(null, { url: `/api/corporate/invites/${token}` });
    expect(view.statusCode).toBe(410);
    expect(view.json<{ errorMsg: string }>().errorMsg).toBe(CorporateUserErrors.inviteExpired);
    const idToken = await auth.idToken({ sub: '00000000-0000-4000-8000-0000000000ae', email });
    const accept = await call(idToken, {
      method: 'POST',
      url: `/api/corporate/invites/${token}/accept`,
    });
    expect(accept.statusCode).toBe(410);
    expect(accept.json<{ errorMsg: string }>().errorMsg).toBe(CorporateUserErrors.inviteExpired);
    const listed = await call('corpAdmin', { url: '/api/corporate/users' });
    const entry = listed
      .json<{ data: { invites: { email: string; expired: boolean }[] } }>()
      .data.invites.find((i) => i.email === email);
    expect(entry?.expired).toBe(true);
    // A made-up token is simply not valid.
    const forged = await call(null, { url: `/api/corporate/invites/${'a'.repeat(43)}` });
    expect(forged.statusCode).toBe(404);
  });

  it("change role: it counts on the user's next request, whatever their token says", async () => {
    const recruiterId = 'corp-recruiter';
    const patch = (who: Who, userId: string, payload: object) =>
      call(who, { method: 'PATCH', url: `/api/corporate/users/${userId}`, payload });
    expect((await patch('recruiter', recruiterId, { role: 'corporate-admin' })).statusCode).toBe(
      403,
    );
    expect((await patch('other', recruiterId, { role: 'corporate-admin' })).statusCode).toBe(404);
    expect((await patch('candidate', recruiterId, { role: 'corporate-admin' })).statusCode).toBe(
      403,
    );
    expect((await patch('corpAdmin', 'corp-corp-admin', { active: false })).statusCode).toBe(403);

    const promoted = await patch('corpAdmin', recruiterId, { role: 'corporate-admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ data: { role: 'corporate-admin' } });
    expect((await call('recruiter', { url: '/api/corporate/users' })).statusCode).toBe(200);
    const demoted = await patch('corpAdmin', recruiterId, { role: 'corporate-recruiter' });
    expect(demoted.statusCode).toBe(200);
    expect((await call('recruiter', { url: '/api/corporate/users' })).statusCode).toBe(403);
  });

  it('deactivate: every call is refused and the sign-in record says so; reactivate restores', async () => {
    const recruiterId = 'corp-recruiter';
    const off = await call('corpAdmin', {
      method: 'PATCH',
      url: `/api/corporate/users/${recruiterId}`,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ data: { active: false } });
    const refused = await call('recruiter', { url: '/api/corporate/company' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ errorMsg: string }>().errorMsg).toBe(DEACTIVATED_MESSAGE);
    // spec §4: the app reads this record at sign-in and signs a deleted user out.
    const record = await call('recruiter', {
      url: `/api/corporate-user/${recruiter.sub}/cognito`,
    });
    expect(record.json<{ isDeleted: boolean }[]>()[0]?.isDeleted).toBe(true);

    const on = await call('corpAdmin', {
      method: 'PATCH',
      url: `/api/corporate/users/${recruiterId}`,
      payload: { active: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await call('recruiter', { url: '/api/corporate/company' })).statusCode).toBe(200);
  });
});
