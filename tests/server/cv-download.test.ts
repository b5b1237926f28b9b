/**
 * Viewing the current CV (issue 10): `GET /api/user/{email}/cv/url` gives the owner a short-lived
 * link to `GET /storage/<key>`, which serves the PDF inline under the uploaded name. The link is
 * refused once expired or altered, an upload link cannot read a file, and nobody else gets a link.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { demoAccount } from '../../server/identity/demo-accounts';
import { DOWNLOAD_LINK_SECONDS, DOWNLOAD_MESSAGES } from '../../server/storage/get-route';
import { NO_CV_MESSAGE } from '../../server/cv/download-route';
import { textCv } from './support/cv-pdfs';
import {
  makeCvServer,
  requester,
  type CvTestServer,
  type SignedUrlResponse,
} from './support/cv-server';
import { createTestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

const candidate = demoAccount('candidate@example.com');
const fresh = demoAccount('newcandidate@example.com');
const corporate = demoAccount('recruiter@example.com');

interface LinkResponse {
  data: { url: string; fileName: string; expiresAt: string };
}

let database: DatabaseHandle;
let server: CvTestServer;
let api: ReturnType<typeof requester>;

beforeAll(async () => {
  database = await openTestDatabase();
  const auth = await createTestAuth();
  server = await makeCvServer(database, auth);
  api = requester(server.app, auth);
});
afterAll(async () => {
  await server.close();
  await database.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const linkPath = (email: string) => `/api/user/${encodeURIComponent(email)}/cv/url`;

async function open(url: string) {
  const { pathname, search } = new URL(url, 'http://localhost');
  return server.app.inject({ url: `${pathname}${search}` });
}

describe('GET /api/user/{email}/cv/url', () => {
  it('gives the seeded candidate a link that serves the demo CV inline', async () => {
    const res = await api.get(candidate, linkPath(candidate.email));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { data } = res.json<LinkResponse>();
    expect(data.fileName).toBe('candidate-cv.pdf');
    const ttl = Date.parse(data.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan((DOWNLOAD_LINK_SECONDS - 5) * 1000);
    expect(ttl).toBeLessThanOrEqual(DOWNLOAD_LINK_SECONDS * 1000);

    const file = await open(data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="candidate-cv.pdf"; filename*=UTF-8''candidate-cv.pdf`,
    );
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('serves the CV a candidate just uploaded, under its own name', async () => {
    const pdf = await textCv();
    const signed = await api.signedUrl(fresh, {
      userId: await api.userId(fresh),
      resumeUserFileName: 'Rahul Verma – CV.pdf',
      resumeFileMimeType: 'application/pdf',
    });
    const { awsS3SignedUrl, cloudFileName } = signed.json<SignedUrlResponse>();
    expect((await api.put(awsS3SignedUrl, pdf)).statusCode).toBe(200);
    const patch = await api.patchCv(fresh, fresh.email, {
      isCvExtracted: false,
      resume: cloudFileName,
      userCvFileName: 'Rahul Verma – CV.pdf',
    });
    expect(patch.statusCode).toBe(200);
    await server.app.cvParses?.idle();

    const { data } = (await api.get(fresh, linkPath(fresh.email))).json<LinkResponse>();
    const file = await open(data.url);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);
    // A name outside ASCII keeps its exact form in filename* and a safe fallback in filename.
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="Rahul Verma _ CV.pdf"; filename*=UTF-8''Rahul%20Verma%20%E2%80%93%20CV.pdf`,
    );
    // The link can be opened again while it is valid (the PDF viewer may re-request it).
    expect((await open(data.url)).statusCode).toBe(200);
  });

  it('refuses another user’s CV (403), no token (401), a corporate user (404) and a bad email (400)', async () => {
    expect((await api.get(fresh, linkPath(candidate.email))).statusCode).toBe(403);
    const anonymous = await server.app.inject({ url: linkPath(candidate.email) });
    expect(anonymous.statusCode).toBe(401);
    expect((await api.get(corporate, linkPath(corporate.email))).statusCode).toBe(404);
    expect((await api.get(candidate, linkPath('not-an-email'))).statusCode).toBe(400);
  });

  it('answers 404 with a clear message when the user has no CV', async () => {
    const other = demoAccount('referee@example.com');
    const res = await api.get(other, linkPath(other.email));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errorMsg: NO_CV_MESSAGE });
  });
});

describe('GET /storage/<key> (download link)', () => {
  async function link() {
    return (await api.get(candidate, linkPath(candidate.email))).json<LinkResponse>().data.url;
  }

  it('is refused once expired', async () => {
    const url = await link();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (DOWNLOAD_LINK_SECONDS + 1) * 1000);
    const res = await open(url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errorMsg: DOWNLOAD_MESSAGES.expiredLink });
  });

  it('is refused when the expiry, the name or the key is changed', async () => {
    const url = new URL(await link(), 'http://localhost');
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const renamed = new URL(url);
    renamed.searchParams.set('name', 'evil.html');
    const otherKey = new URL(url);
    otherKey.pathname = '/storage/cv/usr-newcandidate/demo-cv.pdf';
    for (const altered of [later, renamed, otherKey]) {
      const res = await open(altered.toString());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errorMsg: DOWNLOAD_MESSAGES.invalidLink });
    }
    const unsigned = await server.app.inject({ url: url.pathname });
    expect(unsigned.statusCode).toBe(403);
    const traversal = await server.app.inject({ url: `/storage/../../etc/passwd${url.search}` });
    expect([403, 404]).toContain(traversal.statusCode);
  });

  it('cannot be made from an upload link: a PUT signature does not read the file', async () => {
    const signed = await api.signedUrl(fresh, {
      userId: await api.userId(fresh),
      resumeUserFileName: 'cv.pdf',
      resumeFileMimeType: 'application/pdf',
    });
    const { awsS3SignedUrl } = signed.json<SignedUrlResponse>();
    expect((await api.put(awsS3SignedUrl, await textCv())).statusCode).toBe(200);
    const asGet = new URL(awsS3SignedUrl, 'http://localhost');
    asGet.searchParams.set('name', 'cv.pdf');
    const res = await open(asGet.toString());
    expect(res.statusCode).toBe(403);
  });
});
