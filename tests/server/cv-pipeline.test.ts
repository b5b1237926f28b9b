/**
 * The whole resume update of spec §4 against a real server and database: signed URL → PUT →
 * `PATCH /user/{email}/cv` (200 at once, isCvExtracted false) → background parse → the profile
 * the client polls through `GET /user/basic-details`. Unreadable files end in a cvParseError
 * the client can show, and the server keeps serving.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { CV_PARSE_ERRORS } from '../../server/cv/parse-errors';
import { demoAccount, type DemoAccount } from '../../server/identity/demo-accounts';
import { corruptPdf, scannedCv, textCv, twoColumnCv } from './support/cv-pdfs';
import {
  makeCvServer,
  requester,
  type CvTestServer,
  type SignedUrlResponse,
} from './support/cv-server';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

const candidate = demoAccount('candidate@example.com');
const fresh = demoAccount('newcandidate@example.com');

let database: DatabaseHandle;
let auth: TestAuth;
let server: CvTestServer;
let api: ReturnType<typeof requester>;

beforeAll(async () => {
  database = await openTestDatabase();
  auth = await createTestAuth();
  server = await makeCvServer(database, auth);
  api = requester(server.app, auth);
});
afterAll(async () => {
  await server.close();
  await database.close();
});

interface BasicDetails {
  isCvExtracted: boolean;
  YOE: number | null;
  CTC: number | null;
  candidateExperience: { designation: string | null };
  coreSkills: { skillName: string }[];
  softSkills: { skillName: string }[];
}
interface UserDetails {
  CV: string | null;
  location: string | null;
  technicalSkills: string[];
  cvParseError: string | null;
  isCvExtracted: boolean;
}

async function upload(who: DemoAccount, pdf: Buffer): Promise<string> {
  const userId = await api.userId(who);
  const res = await api.signedUrl(who, {
    userId,
    resumeUserFileName: 'my-cv.pdf',
    resumeFileMimeType: 'application/pdf',
  });
  const { awsS3SignedUrl, cloudFileName } = res.json<SignedUrlResponse>();
  expect((await api.put(awsS3SignedUrl, pdf)).statusCode).toBe(200);
  return cloudFileName;
}

async function profileOf(who: DemoAccount) {
  const basic = (await api.get(who, '/api/user/basic-details')).json<{ data: BasicDetails }>();
  const [user] = (await api.get(who, `/api/user/${who.email}/details`)).json<UserDetails[]>();
  return { basic: basic.data, user: user! };
}

const patchBody = (resume: string) => ({
  isCvExtracted: false,
  resume,
  userCvFileName: 'my-cv.pdf',
});

describe('PATCH /api/user/{email}/cv', () => {
  it('answers 200 at once, then the parse fills in the basic details', async () => {
    const key = await upload(fresh, await textCv());
    const res = await api.patchCv(fresh, fresh.email, patchBody(key));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { isCvExtracted: false, CV: 'my-cv.pdf' } });

    await server.app.cvParses?.idle();
    const { basic, user } = await profileOf(fresh);
    expect(basic).toMatchObject({
      isCvExtracted: true,
      YOE: 5.6,
      CTC: 24,
      candidateExperience: { designation: 'Senior Software Engineer' },
    });
    expect(basic.coreSkills).toEqual(
      expect.arrayContaining([{ skillName: 'React' }, { skillName: 'TypeScript' }]),
    );
    expect(basic.softSkills).toEqual([{ skillName: 'Communication' }, { skillName: 'Leadership' }]);
    expect(user).toMatchObject({ CV: 'my-cv.pdf', location: 'Bengaluru', cvParseError: null });
    expect(user.technicalSkills).toEqual(expect.arrayContaining(['Docker', 'PostgreSQL']));
  });

  it('parses a two-column CV and accepts the signed URL as the resume reference', async () => {
    const key = await upload(candidate, await twoColumnCv());
    const url = `http://localhost/storage/${key}?expires=1&signature=x`;
    expect((await api.patchCv(candidate, candidate.email, patchBody(url))).statusCode).toBe(200);
    await server.app.cvParses?.idle();
    const { basic, user } = await profileOf(candidate);
    expect(basic).toMatchObject({
      isCvExtracted: true,
      YOE: 5.7,
      candidateExperience: { designation: 'Data Engineer' },
    });
    expect(basic.coreSkills.map((s) => s.skillName)).toEqual(
      expect.arrayContaining(['React', 'Python', 'Go']),
    );
    expect(user.location).toBe('Hyderabad');
  });

  it('finishes, after a restart, a parse the last run queued but never ran', async () => {
    const key = await upload(fresh, await textCv());
    // The state a crash right after the CV patch leaves: the CV set, being read, no outcome.
    await database.db
      .update(users)
      .set({ cvObjectKey: key, cvFileName: 'my-cv.pdf', isCvExtracted: false, cvParseError: null })
      .where(eq(users.email, fresh.email));
    const restarted = await makeCvServer(database, auth, { dataDir: server.dataDir });
    try {
      await restarted.app.ready();
      await restarted.app.cvParses?.idle();
    } finally {
      await restarted.close();
    }
    const { basic } = await profileOf(fresh);
    expect(basic).toMatchObject({
      isCvExtracted: true,
      candidateExperience: { designation: 'Senior Software Engineer' },
    });
  });

  it('records a scan error for an image-only PDF', async () => {
    const key = await upload(fresh, await scannedCv());
    expect((await api.patchCv(fresh, fresh.email, patchBody(key))).statusCode).toBe(200);
    await server.app.cvParses?.idle();
    const { user } = await profileOf(fresh);
    expect(user).toMatchObject({ isCvExtracted: false, cvParseError: CV_PARSE_ERRORS.scanned });
  });

  it('records an error for a corrupt PDF and keeps serving', async () => {
    const key = await upload(fresh, corruptPdf());
    expect((await api.patchCv(fresh, fresh.email, patchBody(key))).statusCode).toBe(200);
    await server.app.cvParses?.idle();
    const { user } = await profileOf(fresh);
    expect(user).toMatchObject({ isCvExtracted: false, cvParseError: CV_PARSE_ERRORS.corrupt });
    expect((await server.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('replays a repeated PATCH with the same Idempotency-Key without parsing again', async () => {
    const key = await upload(fresh, await textCv());
    const first = await api.patchCv(fresh, fresh.email, patchBody(key), 'cv-patch-0001');
    const again = await api.patchCv(fresh, fresh.email, patchBody(key), 'cv-patch-0001');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    await server.app.cvParses?.idle();
  });

  it('refuses someone else’s email or CV (403), an unknown file (404) and a bad body (400)', async () => {
    const key = await upload(candidate, await textCv());
    expect((await api.patchCv(fresh, candidate.email, patchBody(key))).statusCode).toBe(403);
    expect((await api.patchCv(fresh, fresh.email, patchBody(key))).statusCode).toBe(403);
    const unknown = await api.patchCv(
      fresh,
      fresh.email,
      patchBody('cv/someone/00000000-0000-4000-8000-000000000000.pdf'),
    );
    expect(unknown.statusCode).toBe(404);
    const traversal = await api.patchCv(fresh, fresh.email, patchBody('../../etc/passwd'));
    expect(traversal.statusCode).toBe(400);
    const missing = await api.patchCv(fresh, fresh.email, { resume: key });
    expect(missing.statusCode).toBe(400);
    expect((await api.patchCv(fresh, 'not-an-email', patchBody(key))).statusCode).toBe(400);
  });

  it('refuses a file that was issued but never uploaded (404)', async () => {
    const userId = await api.userId(fresh);
    const res = await api.signedUrl(fresh, {
      userId,
      resumeUserFileName: 'cv.pdf',
      resumeFileMimeType: 'application/pdf',
    });
    const { cloudFileName } = res.json<SignedUrlResponse>();
    expect((await api.patchCv(fresh, fresh.email, patchBody(cloudFileName))).statusCode).toBe(404);
  });
});
