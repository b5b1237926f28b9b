/**
 * The S3 object store (OBJECT_STORE=s3) against a loopback S3 stand-in (support/fake-s3.ts) that
 * checks every request's AWS Signature V4 with its own implementation: the SDK calls (put, get,
 * exists), the presigned PUT and GET URLs, and the upload flow through the API with S3 selected.
 * Not a real S3: conditional behaviour S3 has and the stand-in lacks is not covered here.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from './support/test-config';
import type { DatabaseHandle } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { UPLOAD_URL_TTL_SECONDS } from '../../server/files/upload-limits';
import { ResumeLimits } from '../../src/domain/contract/files';
import { demoAccount } from '../../server/identity/demo-accounts';
import type { ObjectStore } from '../../server/storage/object-store';
import { createS3ObjectStore } from '../../server/storage/s3-object-store';
import { textCv } from './support/cv-pdfs';
import { requester, type SignedUrlResponse } from './support/cv-server';
import { checkSignature, rawRequest, startFakeS3, type FakeS3 } from './support/fake-s3';
import { createTestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

const credentials = { accessKeyId: 'AKIATESTKEY000000001', secretAccessKey: 'test-secret-key' };
const region = 'ap-south-1';
const bucket = 'rh-cvs';
const key = 'cv/user-1/0f8fe1c4-6a7e-4c43-9a43-2f3f0c1b9b0d.pdf';

let s3: FakeS3;
let store: ObjectStore;
let pdf: Buffer;

beforeAll(async () => {
  s3 = await startFakeS3({ bucket, region, credentials });
  store = await createS3ObjectStore({
    bucket,
    region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials,
  });
  pdf = await textCv();
});
afterAll(async () => {
  await s3.close();
});

describe('S3 object store: SDK calls', () => {
  it('puts, gets and checks objects with signed requests', async () => {
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeUndefined();
    await store.put(key, pdf, 'application/pdf');
    expect(s3.objects.get(key)?.contentType).toBe('application/pdf');
    expect(await store.exists(key)).toBe(true);
    expect((await store.get(key))?.equals(pdf)).toBe(true);
    expect(await store.direct?.size(key)).toBe(pdf.length);
    const put = s3.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/${bucket}/${key}`);
    expect(put?.headers.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/\\d{8}/${region}/s3/`),
    );
    expect(s3.requests.map((r) => r.signature)).toEqual(s3.requests.map(() => 'ok'));
  });

  it('refuses keys outside the key pattern before calling S3', async () => {
    const before = s3.requests.length;
    await expect(store.get('../etc/passwd')).rejects.toThrow('invalid object key');
    expect(s3.requests.length).toBe(before);
  });

  it('fails loudly when S3 refuses (here: wrong secret), instead of reporting no object', async () => {
    const wrong = await createS3ObjectStore({
      bucket,
      region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { ...credentials, secretAccessKey: 'not-the-secret' },
    });
    await expect(wrong.get(key)).rejects.toThrow();
    expect(s3.requests.at(-1)?.signature).toBe('signature mismatch');
  });
});

describe('S3 object store: presigned URLs', () => {
  const uploadKey = 'cv/user-1/3b1d6b5e-0c0e-4d55-8f5e-8e7b6f5d4c3a.pdf';
  const tagging = 'purpose=USER_RESUME&owner=user-1';

  it('signs a PUT that needs the PDF content type and the tagging header', async () => {
    const url = await store.direct!.uploadUrl(uploadKey, {
      contentType: 'application/pdf',
      tagging,
      expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    });
    const query = new URL(url).searchParams;
    expect(query.get('X-Amz-Expires')).toBe(String(UPLOAD_URL_TTL_SECONDS));
    expect(query.get('X-Amz-SignedHeaders')).toBe('content-type;host;x-amz-tagging');
    // No checksum of an empty body baked into the URL (S3 would refuse the real file).
    expect([...query.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);

    const wrongType = await rawRequest(url, {
      method: 'PUT',
      headers: { 'content-type': 'text/html', 'x-amz-tagging': tagging },
      body: pdf,
    });
    expect(wrongType.status).toBe(403);
    const noTag = await rawRequest(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: pdf,
    });
    expect(noTag.status).toBe(403);
    expect(s3.objects.has(uploadKey)).toBe(false);

    const ok = await rawRequest(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf', 'x-amz-tagging': tagging },
      body: pdf,
    });
    expect(ok.status).toBe(200);
    expect(s3.objects.get(uploadKey)).toMatchObject({ contentType: 'application/pdf', tagging });

    // The same URL after its expiry: the signature still matches, the time does not.
    const last = s3.requests.at(-1)!;
    expect(checkSignature(last, credentials, region)).toBe('ok');
    expect(checkSignature(last, credentials, region, Date.now() + 11 * 60_000)).toBe('expired');
  });

  it('signs a GET that answers inline under the uploaded file name, uncached', async () => {
    const url = await store.direct!.downloadUrl(uploadKey, {
      fileName: 'Asha Rao CV.pdf',
      expiresInSeconds: 300,
    });
    const query = new URL(url).searchParams;
    expect(query.get('X-Amz-Expires')).toBe('300');
    expect(query.get('response-cache-control')).toBe('private, no-store');
    const res = await rawRequest(url, { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('Asha Rao CV.pdf');
    expect(res.body.equals(pdf)).toBe(true);
    // A tampered key is refused.
    const tampered = url.replace('3b1d6b5e', '3b1d6b5f');
    expect((await rawRequest(tampered, { method: 'GET' })).status).toBe(403);
  });
});

describe('OBJECT_STORE=s3 through the API', () => {
  const candidate = demoAccount('candidate@example.com');
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof requester>;
  let dataDir: string;
  let candidateId: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    // The store takes credentials from the SDK's default chain, as in production.
    process.env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
    database = await openTestDatabase();
    const auth = await createTestAuth();
    dataDir = mkdtempSync(path.join(tmpdir(), 'rh-s3-'));
    const config = testConfig({
      DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATA_DIR: dataDir,
      OBJECT_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
    });
    app = await buildServer({ config, db: database.db, verifier: auth.verifier });
    api = requester(app, auth);
    candidateId = await api.userId(candidate);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.env = savedEnv;
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

  it('hands out a presigned S3 PUT, then parses the CV the client put there', async () => {
    const signed = await issue();
    const url = new URL(signed.awsS3SignedUrl);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${bucket}/${signed.cloudFileName}`);
    const put = await rawRequest(signed.awsS3SignedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf', 'x-amz-tagging': signed.awsS3Tag },
      body: pdf,
    });
    expect(put.status).toBe(200);
    expect(s3.objects.get(signed.cloudFileName)?.tagging).toBe(signed.awsS3Tag);

    const patch = await api.patchCv(candidate, candidate.email, {
      isCvExtracted: false,
      resume: signed.cloudFileName,
      userCvFileName: 'Asha Rao CV.pdf',
    });
    expect(patch.statusCode).toBe(200);
    await app.cvParses?.idle();
    const [user] = await database.db.select().from(users).where(eq(users.id, candidateId));
    expect(user?.cvObjectKey).toBe(signed.cloudFileName);
    expect(user?.isCvExtracted).toBe(true);

    // The download link is a presigned S3 GET too.
    const link = await api.get(candidate, `/api/user/${candidate.email}/cv/url`);
    expect(link.statusCode).toBe(200);
    const download = link.json<{ data: { url: string } }>().data.url;
    expect(new URL(download).origin).toBe(s3.endpoint);
    expect((await rawRequest(download, { method: 'GET' })).body.equals(pdf)).toBe(true);
  });

  it('refuses a patch before the upload (404) and an object over 2 MB (413)', async () => {
    const never = await issue();
    const missing = await api.patchCv(candidate, candidate.email, {
      isCvExtracted: false,
      resume: never.cloudFileName,
      userCvFileName: 'cv.pdf',
    });
    expect(missing.statusCode).toBe(404);

    const big = await issue();
    const huge = Buffer.concat([pdf, Buffer.alloc(ResumeLimits.maxBytes)]);
    const put = await rawRequest(big.awsS3SignedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf', 'x-amz-tagging': big.awsS3Tag },
      body: huge,
    });
    expect(put.status).toBe(200); // S3 cannot refuse it: a presigned PUT has no size limit
    const tooBig = await api.patchCv(candidate, candidate.email, {
      isCvExtracted: false,
      resume: big.cloudFileName,
      userCvFileName: 'cv.pdf',
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ errorMsg: 'File must be less than 2MB.' });
  });

  it('does not serve the local /storage routes', async () => {
    const res = await app.inject({ method: 'PUT', url: `/storage/${key}?expires=1&signature=x` });
    expect(res.statusCode).toBe(404);
  });
});
