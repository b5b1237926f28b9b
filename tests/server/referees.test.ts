/**
 * The referee's side through the real API (issue 17): becoming a referee (the 2+ years rule,
 * free mail refused, the company's domains, a wrong/expired/reused code and too many attempts,
 * only the domain kept), re-verification on a change of company, the inbox items, the CV link
 * only for the referee holding the request, decline passing the request on, mark-as-referred
 * consuming the held credit, anonymity before acceptance, the proof of a referral (who may upload
 * and read it, what a refer may point at), the dev mailbox for loopback callers
 * only; and, pure, the record's summary and the ranking's reliability penalty. The database is a
 * copy of the seeded template (PGlite, or Postgres with DATABASE_URL).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import {
  creditLedger,
  refereeProfiles,
  referralOffers,
  referralRequests,
  users,
} from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import { summariseOffers } from '../../server/referees/record';
import { rankReferees, type RefereeCandidate } from '../../server/referrals/matching';
import { ProofLimits, ProofMessages } from '../../src/domain/contract/files';
import { RefereeErrors, RefereeLimits } from '../../src/domain/contract/referees';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';
import { testConfig } from './support/test-config';

const MONSOON = 'cmp-monsoon-learning';
const PEACOCK = 'cmp-peacock-analytics';
const CEDAR = 'cmp-cedar-health';

const who = {
  candidate: demoAccount('candidate@example.com'),
  newCandidate: demoAccount('newcandidate@example.com'),
  // Becomes a referee here: 3 years, Pune, a candidate too (issue 17 part 5: both sides).
  joiner: demoAccount('nocredits@example.com'),
  referee: demoAccount('referee@example.com'),
  referee2: demoAccount('referee2@example.com'),
  admin: demoAccount('admin@example.com'),
};
type Who = keyof typeof who;
const userIdOf = (name: Who) => `usr-${who[name].email.split('@')[0]}`;

let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;
let dataDir: string;
const tokens = {} as Record<Who, string>;

/** The answer fields these tests read (the contract's schemas say the full shapes). */
interface Data {
  type?: string;
  request?: { id: string };
  expiresAt: string;
  url: string;
  active?: boolean;
  status?: string;
  stats?: { referralsMade: number; accepted: number; acceptanceRate: number | null };
  timeline?: { action: string; text: string }[];
  referee?: { name: string } | null;
}
interface Answer {
  status: number;
  body: { data: Data; errorMsg?: string };
  text: string;
}

async function call(
  caller: Who | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
): Promise<Answer> {
  const res = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: caller ? { authorization: `Bearer ${tokens[caller]}` } : {},
  });
  await app.backgroundTasks.settle();
  await app.jobs.settle(); // the push jobs the writes queued (issue 25)
  return { status: res.statusCode, body: res.json(), text: res.body };
}

/** The newest code the dev mailbox holds for an address, as a newcomer would read it. */
async function codeMailedTo(address: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/_dev/mail?to=${encodeURIComponent(address)}`,
  });
  expect(res.statusCode).toBe(200);
  const [latest] = res.json<{ data: { subject: string; text: string }[] }>().data;
  const code = /\b(\d{6})\b/.exec(latest!.text)?.[1];
  expect(code).toBeDefined();
  return code!;
}

const askCode = (caller: Who, companyId: string, workEmail: string, extra: object = {}) =>
  call(caller, 'POST', '/api/referee/work-email', { companyId, workEmail, ...extra });
const verify = (caller: Who, code: string) =>
  call(caller, 'POST', '/api/referee/work-email/verify', { code });

async function refereeRow(name: Who) {
  const [row] = await database.db
    .select()
    .from(refereeProfiles)
    .where(eq(refereeProfiles.userId, userIdOf(name)));
  return row;
}

async function acceptedRequest(): Promise<string> {
  const jobUrl = `https://careers.monsoon-learning.example.com/jobs/referee-test-${Date.now()}-${Math.random()}`;
  const res = await call('candidate', 'POST', '/api/referrals', { companyId: MONSOON, jobUrl });
  expect(res.body.data?.type).toBe('RequestAccepted');
  return res.body.data.request!.id;
}

async function holderOf(id: string): Promise<'referee' | 'referee2'> {
  const [row] = await database.db
    .select()
    .from(referralRequests)
    .where(eq(referralRequests.id, id));
  if (row!.currentRefereeId === userIdOf('referee')) return 'referee';
  if (row!.currentRefereeId === userIdOf('referee2')) return 'referee2';
  throw new Error(`offered to ${row!.currentRefereeId}`);
}
const other = (name: 'referee' | 'referee2') => (name === 'referee' ? 'referee2' : 'referee');

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-referees-'));
  database = await openTestDatabase();
  auth = await createTestAuth();
  app = await buildServer({
    config: testConfig({
      DIST_DIR: '/nonexistent',
      DATA_DIR: dataDir,
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
    }),
    db: database.db,
    verifier: auth.verifier,
  });
  await app.ready();
  for (const [name, account] of Object.entries(who)) {
    tokens[name as Who] = await auth.accessToken({ sub: account.sub, groups: [account.group] });
  }
  const grant = await call('admin', 'POST', '/api/admin/credit-grants', {
    userId: userIdOf('candidate'),
    amount: 20,
  });
  expect(grant.status).toBe(201);
  // Only the two signed-in referees refer for Monsoon Learning here.
  await database.db
    .update(refereeProfiles)
    .set({ active: false })
    .where(
      and(
        eq(refereeProfiles.companyId, MONSOON),
        sql`${refereeProfiles.userId} not in (${userIdOf('referee')}, ${userIdOf('referee2')})`,
      ),
    );
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('becoming a referee', () => {
  it('needs 2+ years of experience (spec §1/§9)', async () => {
    const profile = await call('newCandidate', 'GET', '/api/referee/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ status: 'none', eligible: false, yoe: null });
    const res = await askCode('newCandidate', PEACOCK, 'new@peacock-analytics.example.com');
    expect(res.status).toBe(422);
    expect(res.body.errorMsg).toBe(RefereeErrors.tooJunior);
    // 1.5 years is still under 2.
    await database.db
      .update(users)
      .set({ yoe: 1.5 })
      .where(eq(users.id, userIdOf('newCandidate')));
    const again = await askCode('newCandidate', PEACOCK, 'new@peacock-analytics.example.com');
    expect(again.body.errorMsg).toBe(RefereeErrors.tooJunior);
  });

  it('refuses free mail, a domain that is not the company’s, and an unknown company', async () => {
    for (const address of ['me@gmail.com', 'me@yahoo.co.in', 'me@outlook.com', 'me@proton.me']) {
      const res = await askCode('joiner', PEACOCK, address);
      expect(res.status, address).toBe(422);
      expect(res.body.errorMsg, address).toBe(RefereeErrors.freeMail);
    }
    const foreign = await askCode('joiner', PEACOCK, 'me@monsoon-learning.example.com');
    expect(foreign.status).toBe(422);
    expect(foreign.body.errorMsg).toBe(RefereeErrors.domainNotOfCompany);
    const unknown = await askCode(
      'joiner',
      'cmp-no-such-company',
      'me@peacock-analytics.example.com',
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.errorMsg).toBe(RefereeErrors.companyNotFound);
    // Nothing was mailed for any of them.
    const mail = await app.inject({ method: 'GET', url: '/_dev/mail?to=me@gmail.com' });
    expect(mail.json<{ data: unknown[] }>().data).toEqual([]);
    expect(await refereeRow('joiner')).toBeUndefined();
  });

  it('verifies with the mailed code, refusing wrong, expired and reused codes; keeps only the domain', async () => {
    const address = 'Arjun.Rao@Peacock-Analytics.example.com';
    const sent = await askCode('joiner', PEACOCK, address, { department: 'Engineering' });
    expect(sent.status).toBe(202);
    expect(sent.body.data).toMatchObject({
      status: 'pendingCode',
      emailDomain: 'peacock-analytics.example.com',
    });
    const ttl = Date.parse(sent.body.data.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan((RefereeLimits.codeTtlMinutes - 1) * 60_000);
    expect(ttl).toBeLessThanOrEqual(RefereeLimits.codeTtlMinutes * 60_000);
    const pending = await call('joiner', 'GET', '/api/referee/profile');
    expect(pending.body.data).toMatchObject({ status: 'pendingCode', companyId: PEACOCK });
    // Not offered anything while pending.
    expect((await refereeRow('joiner'))!.workEmailVerified).toBe(false);

    const code = await codeMailedTo(address);
    // Asking again at once mails nothing: a mailbox is not flooded by repeated taps.
    const again = await askCode('joiner', PEACOCK, address);
    expect(again.status).toBe(429);
    expect(again.body.errorMsg).toBe(RefereeErrors.codeTooSoon);
    expect(await codeMailedTo(address)).toBe(code);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await verify('joiner', wrong);
    expect(refused.status).toBe(422);
    expect(refused.body.errorMsg).toBe(RefereeErrors.wrongCode);

    // Expired: 15 minutes later the right code is refused.
    await database.db
      .update(refereeProfiles)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(refereeProfiles.userId, userIdOf('joiner')));
    const expired = await verify('joiner', code);
    expect(expired.body.errorMsg).toBe(RefereeErrors.expiredCode);

    // A new code (asked for after the old one expired) works once.
    expect((await askCode('joiner', PEACOCK, address)).status).toBe(202);
    const fresh = await codeMailedTo(address);
    const ok = await verify('joiner', fresh);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      status: 'verified',
      companyId: PEACOCK,
      companyName: 'Peacock Analytics',
      emailDomain: 'peacock-analytics.example.com',
      department: 'Engineering',
      yoe: 3,
      eligible: true,
      active: true,
    });
    const reused = await verify('joiner', fresh);
    expect(reused.status).toBe(422);
    expect(reused.body.errorMsg).toBe(RefereeErrors.usedCode);

    // Only the flag and the domain stay: the address is in no column and no answer.
    const row = await refereeRow('joiner');
    expect(row).toMatchObject({ workEmailVerified: true, pendingEmailHash: null });
    expect(JSON.stringify(row).toLowerCase()).not.toContain('arjun.rao@');
    const profile = await call('joiner', 'GET', '/api/referee/profile');
    expect(profile.text.toLowerCase()).not.toContain('arjun.rao@');
  });

  it('locks a code after 5 wrong tries', async () => {
    const address = 'arjun@peacock-analytics.example.com';
    await askCode('joiner', PEACOCK, address);
    const code = await codeMailedTo(address);
    const wrong = code === '999999' ? '888888' : '999999';
    const texts: string[] = [];
    for (let i = 0; i < RefereeLimits.maxCodeAttempts; i++) {
      texts.push((await verify('joiner', wrong)).body.errorMsg!);
    }
    expect(texts.slice(0, -1).every((t) => t === RefereeErrors.wrongCode)).toBe(true);
    expect(texts.at(-1)).toBe(RefereeErrors.tooManyAttempts);
    const right = await verify('joiner', code);
    expect(right.status).toBe(422);
    expect(right.body.errorMsg).toBe(RefereeErrors.tooManyAttempts);
  });

  it('asks again when the referee changes company; pause and resume', async () => {
    const moved = await askCode('joiner', CEDAR, 'arjun@cedar-health.example.com');
    expect(moved.status).toBe(202);
    const row = await refereeRow('joiner');
    // The old company's matching no longer finds them.
    expect(row).toMatchObject({ companyId: CEDAR, workEmailVerified: false });
    const profile = await call('joiner', 'GET', '/api/referee/profile');
    expect(profile.body.data).toMatchObject({ status: 'pendingCode', companyId: CEDAR });
    const ok = await verify('joiner', await codeMailedTo('arjun@cedar-health.example.com'));
    expect(ok.body.data).toMatchObject({ status: 'verified', companyId: CEDAR });

    const paused = await call('joiner', 'PATCH', '/api/referee/profile', { active: false });
    expect(paused.status).toBe(200);
    expect(paused.body.data.active).toBe(false);
    const resumed = await call('joiner', 'PATCH', '/api/referee/profile', {
      active: true,
      designation: 'Senior Backend Engineer',
    });
    expect(resumed.body.data).toMatchObject({
      active: true,
      designation: 'Senior Backend Engineer',
    });
    const notYet = await call('newCandidate', 'PATCH', '/api/referee/profile', { active: true });
    expect(notYet.status).toBe(422);
    expect(notYet.body.errorMsg).toBe(RefereeErrors.notReferee);
  });
});

describe('the inbox and the actions', () => {
  it('shows what a referee needs to decide, without the candidate’s contact details', async () => {
    const id = await acceptedRequest();
    const holder = await holderOf(id);
    const inbox = await call(holder, 'GET', '/api/referee/offers');
    const item = (inbox.body.data as unknown as { requestId: string }[]).find(
      (o) => o.requestId === id,
    );
    expect(item).toMatchObject({
      state: 'offered',
      cvAvailable: true,
      candidate: { name: 'Priya', designation: 'Frontend Engineer', yearsOfExperience: 4 },
      job: { title: null, city: null },
    });
    expect(typeof (item as unknown as { deadline: string }).deadline).toBe('string');
    const text = JSON.stringify(item);
    expect(text).not.toContain(who.candidate.email);
    expect(text).not.toContain(who.candidate.name);
  });

  it('gives the CV link only to the referee holding the request, and passes it on after a decline', async () => {
    const id = await acceptedRequest();
    const holder = await holderOf(id);
    const link = await call(holder, 'GET', `/api/referee/offers/${id}/cv`);
    expect(link.status).toBe(200);
    const expiresIn = Date.parse(link.body.data.expiresAt) - Date.now();
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    const pdf = await app.inject({ method: 'GET', url: link.body.data.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    for (const wrong of [other(holder), 'candidate', 'joiner'] as const) {
      const res = await call(wrong, 'GET', `/api/referee/offers/${id}/cv`);
      expect(res.status, wrong).toBe(403);
      expect(res.body.errorMsg).toBe(RefereeErrors.notOffered);
      // Nor may they act on it.
      const act = await call(wrong, 'POST', `/api/referrals/${id}/accept`);
      expect(act.status, wrong).toBe(403);
    }

    const declined = await call(holder, 'POST', `/api/referrals/${id}/decline`, {
      reason: 'notMyTeam',
    });
    expect(declined.status).toBe(200);
    // Passed on to the other referee, who now holds it and its CV; the first no longer does.
    expect(await holderOf(id)).toBe(other(holder));
    expect((await call(holder, 'GET', `/api/referee/offers/${id}/cv`)).status).toBe(403);
    expect((await call(other(holder), 'GET', `/api/referee/offers/${id}/cv`)).status).toBe(200);
    const tracker = await call('candidate', 'GET', `/api/referrals/${id}`);
    const decline = tracker.body.data.timeline!.find((e) => e.action === 'decline');
    expect(decline?.text).toBe('I cannot refer for this team or location.');
  });

  it('keeps the referee anonymous to the candidate until acceptance; referring consumes the credit', async () => {
    const id = await acceptedRequest();
    const holder = await holderOf(id);
    const refereeName = who[holder].name;
    const names = [refereeName, refereeName.split(' ')[0]!, who[holder].email, userIdOf(holder)];
    const before = [
      await call('candidate', 'GET', `/api/referrals/${id}`),
      await call('candidate', 'GET', '/api/referrals/mine'),
    ];
    for (const res of before) {
      expect(res.status).toBe(200);
      for (const name of names) expect(res.text).not.toContain(name);
    }
    expect(before[0]!.body.data.referee).toBeNull();
    const before2 = await refereeStats(holder);

    expect((await call(holder, 'POST', `/api/referrals/${id}/accept`)).status).toBe(200);
    const after = await call('candidate', 'GET', `/api/referrals/${id}`);
    expect(after.body.data.referee?.name).toBe(refereeName);

    const referred = await call(holder, 'POST', `/api/referrals/${id}/refer`, {
      reference: 'REF-1234',
    });
    expect(referred.status).toBe(200);
    const moves = await database.db
      .select({ kind: creditLedger.kind, amount: creditLedger.amount })
      .from(creditLedger)
      .where(eq(creditLedger.requestId, id))
      .orderBy(creditLedger.id);
    expect(moves.map((m) => m.kind)).toEqual(['hold', 'consume']);
    // The referee's record counts it.
    const after2 = await refereeStats(holder);
    expect(after2.referralsMade).toBe(before2.referralsMade + 1);
    expect(after2.accepted).toBe(before2.accepted + 1);
    expect(after2.acceptanceRate).toBeGreaterThan(0);
  });
});

describe('proof of a referral (a screenshot or PDF)', () => {
  // The smallest PNG header a file needs to pass the type check, and a few bytes after it.
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('proof-bytes'),
  ]);
  const askUpload = (caller: Who, requestId: string, mimeType = 'image/png') =>
    call(caller, 'POST', `/api/file/gsu2u/${ProofLimits.purpose}`, {
      requestId,
      fileName: 'referral-portal.png',
      mimeType,
    });
  const put = (url: string, bytes: Buffer, contentType: string) =>
    app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': contentType } });

  it('lets only the accepting referee upload it; the candidate and that referee read it back', async () => {
    const id = await acceptedRequest();
    const holder = await holderOf(id);
    // Not before accepting, and never by anyone else.
    expect((await askUpload(holder, id)).status).toBe(403);
    expect((await call(holder, 'POST', `/api/referrals/${id}/accept`)).status).toBe(200);
    for (const wrong of [other(holder), 'candidate', 'joiner'] as const) {
      const res = await askUpload(wrong, id);
      expect(res.status, wrong).toBe(403);
      expect(res.body.errorMsg).toBe(ProofMessages.notYours);
    }
    const gif = await askUpload(holder, id, 'image/gif');
    expect(gif.status).toBe(415);
    expect(gif.body.errorMsg).toBe(ProofMessages.wrongType);

    const signed = await askUpload(holder, id);
    expect(signed.status).toBe(200);
    const { awsS3SignedUrl, cloudFileName } = signed.body as unknown as {
      awsS3SignedUrl: string;
      cloudFileName: string;
    };
    expect(cloudFileName).toMatch(/^proof\/.+\.png$/);
    // A file that is not what its key says is refused, without using up the link.
    const fake = await put(awsS3SignedUrl, Buffer.from('%PDF-1.7 not a png'), 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json<{ errorMsg: string }>().errorMsg).toBe(ProofMessages.wrongType);
    expect((await put(awsS3SignedUrl, png, 'image/png')).statusCode).toBe(200);

    const answeredAt = async () => {
      const [offer] = await database.db
        .select({ at: referralOffers.answeredAt })
        .from(referralOffers)
        .where(
          and(eq(referralOffers.requestId, id), eq(referralOffers.refereeId, userIdOf(holder))),
        );
      return offer!.at!.getTime();
    };
    const acceptedAt = await answeredAt();
    const referred = await call(holder, 'POST', `/api/referrals/${id}/refer`, {
      reference: 'REF-PROOF',
      proofFile: cloudFileName,
    });
    expect(referred.status).toBe(200);
    // The response time counts to the accept, not to the referral (the record's median).
    expect(await answeredAt()).toBe(acceptedAt);
    const tracker = await call('candidate', 'GET', `/api/referrals/${id}`);
    expect((tracker.body.data as { proofFileName?: string }).proofFileName).toBe(
      'referral-portal.png',
    );

    for (const reader of ['candidate', holder] as const) {
      const link = await call(reader, 'GET', `/api/referrals/${id}/proof`);
      expect(link.status, reader).toBe(200);
      const file = await app.inject({ method: 'GET', url: link.body.data.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(png)).toBe(true);
    }
    for (const wrong of [other(holder), 'joiner'] as const) {
      expect((await call(wrong, 'GET', `/api/referrals/${id}/proof`)).status, wrong).toBe(403);
    }
  });

  it('refuses a proof that was never uploaded, belongs to another request, or is not a proof', async () => {
    const first = await acceptedRequest();
    const firstHolder = await holderOf(first);
    expect((await call(firstHolder, 'POST', `/api/referrals/${first}/accept`)).status).toBe(200);
    const notPut = (await askUpload(firstHolder, first)).body as unknown as {
      cloudFileName: string;
    };

    const second = await acceptedRequest();
    const holder = await holderOf(second);
    expect((await call(holder, 'POST', `/api/referrals/${second}/accept`)).status).toBe(200);
    const [cv] = await database.db
      .select({ key: users.cvObjectKey })
      .from(users)
      .where(eq(users.id, userIdOf('candidate')));
    for (const proofFile of [notPut.cloudFileName, cv!.key!, 'proof/x/y.png', '../etc/passwd']) {
      const res = await call(holder, 'POST', `/api/referrals/${second}/refer`, { proofFile });
      expect(res.status, proofFile).toBe(400);
      expect(res.body.errorMsg).toBe(ProofMessages.notUploaded);
    }
    // Nothing was consumed by the refused refers: the request still waits for its referral.
    const [row] = await database.db
      .select({ state: referralRequests.state })
      .from(referralRequests)
      .where(eq(referralRequests.id, second));
    expect(row!.state).toBe('accepted');
    expect((await call('candidate', 'GET', `/api/referrals/${second}/proof`)).status).toBe(404);
  });
});

async function refereeStats(name: Who) {
  const res = await call(name, 'GET', '/api/referee/profile');
  expect(res.body.data.status).toBe('verified');
  return res.body.data.stats!;
}

describe('a change of company', () => {
  it('passes the old company’s requests the referee holds on to another referee', async () => {
    // The joiner is now Cedar Health's only active referee: they get the next Cedar request.
    await database.db
      .update(refereeProfiles)
      .set({ active: false })
      .where(
        and(
          eq(refereeProfiles.companyId, CEDAR),
          sql`${refereeProfiles.userId} <> ${userIdOf('joiner')}`,
        ),
      );
    const res = await call('candidate', 'POST', '/api/referrals', {
      companyId: CEDAR,
      jobUrl: 'https://careers.cedar-health.example.com/jobs/moving-test',
    });
    expect(res.body.data.type).toBe('RequestAccepted');
    const id = res.body.data.request!.id;
    const before = await database.db
      .select()
      .from(referralRequests)
      .where(eq(referralRequests.id, id));
    expect(before[0]!.currentRefereeId).toBe(userIdOf('joiner'));
    expect((await call('joiner', 'GET', `/api/referee/offers/${id}/cv`)).status).toBe(200);

    // Moves to Peacock Analytics: Cedar no longer finds them, and the sweep takes the request back.
    await askCode('joiner', PEACOCK, 'arjun@peacock-analytics.example.com');
    await app.referrals!.sweep(new Date());
    const after = await database.db
      .select()
      .from(referralRequests)
      .where(eq(referralRequests.id, id));
    expect(after[0]!.currentRefereeId).not.toBe(userIdOf('joiner'));
    expect((await call('joiner', 'GET', `/api/referee/offers/${id}/cv`)).status).toBe(403);
    expect((await call('joiner', 'POST', `/api/referrals/${id}/accept`)).status).not.toBe(200);
  });
});

describe('the dev mailbox', () => {
  it('answers callers on this machine only, and no other origin', async () => {
    const far = await app.inject({
      method: 'GET',
      url: '/_dev/mail?to=arjun@cedar-health.example.com',
      remoteAddress: '192.0.2.10',
    });
    expect(far.statusCode).toBe(403);
    expect(far.body).not.toMatch(/\d{6}/);
    const page = await app.inject({
      method: 'GET',
      url: '/_dev/mail?to=arjun@cedar-health.example.com',
      headers: { origin: 'https://evil.example' },
    });
    expect(page.statusCode).toBe(403);
    const renamed = await app.inject({
      method: 'GET',
      url: '/_dev/mail?to=arjun@cedar-health.example.com',
      headers: { host: 'rebound.example' },
    });
    expect(renamed.statusCode).toBe(403);
    const local = await app.inject({
      method: 'GET',
      url: '/_dev/mail?to=arjun@cedar-health.example.com',
    });
    expect(local.statusCode).toBe(200);
  });
});

describe('the referee’s record (pure)', () => {
  const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * 3_600_000);
  it('summarises offers into counts, acceptance rate and median response time', () => {
    expect(summariseOffers([])).toMatchObject({
      offered: 0,
      acceptanceRate: null,
      medianResponseHours: null,
    });
    const stats = summariseOffers([
      { answer: 'accepted', offeredAt: at(0), answeredAt: at(2) },
      { answer: 'referred', offeredAt: at(0), answeredAt: at(10) },
      { answer: 'declined', offeredAt: at(0), answeredAt: at(4) },
      { answer: 'timedOut', offeredAt: at(0), answeredAt: at(72) },
      { answer: null, offeredAt: at(0), answeredAt: null },
    ]);
    expect(stats).toEqual({
      offered: 5,
      answered: 3,
      accepted: 2,
      declined: 1,
      expired: 1,
      referralsMade: 1,
      acceptanceRate: 2 / 3,
      medianResponseHours: 4,
    });
  });

  it('offers fewer requests to a referee who lets them expire', () => {
    const base: RefereeCandidate = {
      userId: 'a-reliable',
      assessmentScore: 70,
      designation: 'Senior Engineer',
      location: 'Pune',
      department: 'Engineering',
      recentOffers: 0,
      answeredOffers: 6,
      expiredOffers: 0,
    };
    const lapsing: RefereeCandidate = {
      ...base,
      userId: 'b-lapsing',
      // A better assessment, but half their offers expired.
      assessmentScore: 80,
      answeredOffers: 3,
      expiredOffers: 3,
    };
    const target = { experienceMin: 3, city: 'Pune', department: 'Engineering', remote: false };
    const [first, second] = rankReferees([lapsing, base], target);
    expect(first!.userId).toBe('a-reliable');
    expect(second!.parts.reliabilityPenalty).toBe(10);
    // Without the expiries the better assessment would win.
    const fair = rankReferees([{ ...lapsing, expiredOffers: 0 }, base], target);
    expect(fair[0]!.userId).toBe('b-lapsing');
  });
});
