/**
 * Signed uploads (spec §7 `POST /file/gsu2u/USER_RESUME` + `PUT {signed URL}`): the URL works
 * once, for a short time, for the caller's own profile and for PDFs under 2 MB only (spec §9).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { UPLOAD_URL_TTL_SECONDS } from '../../server/files/upload-limits';
import { ResumeLimits, isResumeSizeAllowed } from '../../src/domain/contract/files';
import { demoAccount } from '../../server/identity/demo-accounts';
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
const other = demoAccount('newcandidate@example.com');

let database: DatabaseHandle;
let server: CvTestServer;
let api: ReturnType<typeof requester>;
let pdf: Buffer;
let candidateId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const auth = await createTestAuth();
  server = await makeCvServer(database, auth);
  api = requester(server.app, auth);
  pdf = await textCv();
  candidateId = await api.userId(candidate);
});
afterAll(async () => {
  await server.close();
  await database.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function issue(): Promise<SignedUrlResponse> {
  const res = await api.signedUrl(candidate, {
    userId: candidateId,
    resumeUserFileName: 'Asha Rao CV.pdf',
    resumeFileMimeType: 'application/pdf',
  });
  expect(res.statusCode).toBe(200);
  return res.json<SignedUrlResponse>();
}

describe('POST /api/file/gsu2u/USER_RESUME', () => {
  it('returns a signed URL to this server’s storage, a tag and the object key', async () => {
    const body = await issue();
    expect(body.cloudFileName).toMatch(/^cv\/[a-z0-9_-]+\/[0-9a-f-]{36}\.pdf$/);
    const url = new URL(body.awsS3SignedUrl, 'http://localhost');
    expect(url.pathname).toBe(`/storage/${body.cloudFileName}`);
    expect(Number(url.searchParams.get('expires')) * 1000 - Date.now()).toBeLessThanOrEqual(
      UPLOAD_URL_TTL_SECONDS * 1000,
    );
    expect(body.awsS3Tag).toContain('purpose=USER_RESUME');
  });

  it('refuses another user’s id (403), a non-PDF type (415), bad bodies (400) and no token (401)', async () => {
    const otherId = await api.userId(other);
    const base = { resumeUserFileName: 'cv.pdf', resumeFileMimeType: 'application/pdf' };
    const foreign = await api.signedUrl(candidate, { ...base, userId: otherId });
    expect(foreign.statusCode).toBe(403);
    const word = await api.signedUrl(candidate, {
      ...base,
      userId: candidateId,
      resumeFileMimeType: 'application/msword',
    });
    expect(word.statusCode).toBe(415);
    expect(word.json()).toEqual({ errorMsg: 'Only PDF files are allowed.' });
    const missing = await api.signedUrl(candidate, { userId: candidateId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errorMsg: string }>().errorMsg).toMatch(/resumeUserFileName/);
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/api/file/gsu2u/USER_RESUME',
      payload: { ...base, userId: candidateId },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /storage/<key>', () => {
  it('stores the PDF once; the same URL is refused afterwards', async () => {
    const { awsS3SignedUrl, cloudFileName } = await issue();
    const first = await api.put(awsS3SignedUrl, pdf);
    expect(first.statusCode).toBe(200);
    const stored = path.join(server.dataDir, 'objects', ...cloudFileName.split('/'));
    expect(existsSync(stored)).toBe(true);
    expect(readFileSync(stored).equals(pdf)).toBe(true);

    const again = await api.put(awsS3SignedUrl, pdf);
    expect(again.statusCode).toBe(403);
    expect(again.json<{ errorMsg: string }>().errorMsg).toMatch(/already used/);
  });

  it('refuses an expired URL', async () => {
    const { awsS3SignedUrl } = await issue();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (UPLOAD_URL_TTL_SECONDS + 1) * 1000);
    const res = await api.put(awsS3SignedUrl, pdf);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ errorMsg: string }>().errorMsg).toMatch(/expired/);
  });

  it('refuses a tampered signature, expiry or key, and a URL without a signature', async () => {
    const { awsS3SignedUrl } = await issue();
    const url = new URL(awsS3SignedUrl, 'http://localhost');
    const signature = url.searchParams.get('signature') ?? '';
    const forged = new URL(url);
    forged.searchParams.set('signature', `${signature.slice(0, -2)}AA`);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const elsewhere = new URL(url);
    elsewhere.pathname = url.pathname.replace(/[0-9a-f]{8}-/, '00000000-');
    const unsigned = new URL(url.pathname, url);
    for (const target of [forged, later, elsewhere, unsigned]) {
      const res = await api.put(target.toString(), pdf);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ errorMsg: string }>().errorMsg).toMatch(/not valid/);
    }
    // The genuine URL still works: refusals did not use it up.
    expect((await api.put(awsS3SignedUrl, pdf)).statusCode).toBe(200);
  });

  it('refuses a file over 2 MB (413) and a non-PDF (415) without using up the URL', async () => {
    const { awsS3SignedUrl } = await issue();
    const huge = Buffer.concat([pdf, Buffer.alloc(ResumeLimits.maxBytes)]);
    const tooLarge = await api.put(awsS3SignedUrl, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ errorMsg: 'File must be less than 2MB.' });

    const text = await api.put(awsS3SignedUrl, Buffer.from('just some text, not a PDF'));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ errorMsg: 'Only PDF files are allowed.' });
    const plain = await api.put(awsS3SignedUrl, Buffer.from('hello'), 'text/plain');
    expect(plain.statusCode).toBe(415);

    expect((await api.put(awsS3SignedUrl, pdf, 'application/octet-stream')).statusCode).toBe(200);
  });

  it('takes a file just under 2 MB and refuses one of exactly 2 MiB, as the app does (spec §5)', async () => {
    // The app's picker and this PUT use the one rule of the contract: under 2 MB.
    const sized = (bytes: number) => Buffer.concat([pdf, Buffer.alloc(bytes - pdf.length)]);
    expect(isResumeSizeAllowed(ResumeLimits.maxBytes)).toBe(false);
    const exact = await issue();
    const refused = await api.put(exact.awsS3SignedUrl, sized(ResumeLimits.maxBytes));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ errorMsg: 'File must be less than 2MB.' });

    const under = await issue();
    expect(isResumeSizeAllowed(ResumeLimits.maxBytes - 1)).toBe(true);
    const taken = await api.put(under.awsS3SignedUrl, sized(ResumeLimits.maxBytes - 1));
    expect(taken.statusCode).toBe(200);
  });

  it('limits PUTs from one address (10 a minute)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await api.put(
        'http://x/storage/cv/a/b.pdf?expires=1&signature=x',
        pdf,
        undefined,
        '10.9.9.9',
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((code) => code === 403)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
