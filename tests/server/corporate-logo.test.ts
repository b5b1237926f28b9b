/**
 * Company logo upload (issue 20 item 3) through the real API, storage routes and a real PGlite:
 * who may ask for an upload URL (the company's corporate admin only; a recruiter, a candidate, a
 * caller not signed in are refused; another company's admin uploads for their own company and
 * cannot take ours), the types (PNG/JPEG/WebP only; bytes must match), the 1 MB limit, and the
 * public address the logo gets, read back by anyone and shown in the companies list.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { companies, corporateUsers } from '../../server/db/schema';
import { LogoMessages } from '../../src/domain/contract/corporate-company';
import { startApiServer, type ApiTestServer } from './support/api-server';
import { corporateCallers, type CorporateCaller } from './support/corporate-callers';
import type { TestAuth } from './support/test-auth';

const OTHER_ADMIN_SUB = '00000000-0000-4000-8000-0000000000b1';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 3)]);

type Who = CorporateCaller;

let server: ApiTestServer;
let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;
let ourCompanyId: string;
const tokens = {} as Record<Who, string>;

function call(who: Who | null, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: { ...options.headers, ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}) },
  });
}

const askUpload = (who: Who | null, mimeType = 'image/png') =>
  call(who, {
    method: 'POST',
    url: '/api/file/gsu2u/COMPANY_LOGO',
    payload: { mimeType, fileName: 'logo.png' },
  });

async function uploadUrl(who: Who, mimeType = 'image/png') {
  const res = await askUpload(who, mimeType);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ awsS3SignedUrl: string; cloudFileName: string }>();
}

const put = (url: string, bytes: Buffer, contentType: string) =>
  app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': contentType } });

const setLogo = (who: Who, logoFile: string) =>
  call(who, { method: 'PATCH', url: '/api/corporate/company', payload: { logoFile } });

beforeAll(async () => {
  server = await startApiServer({
    dataDirPrefix: 'rh-corp-logo-',
    env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000', RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' },
  });
  ({ database, auth, app } = server);
  const callers = await corporateCallers(database.db, auth, {
    id: 'corp-logo-other',
    sub: OTHER_ADMIN_SUB,
    email: 'logo-other-admin@example.com',
  });
  ourCompanyId = callers.ourCompany.id;
  Object.assign(tokens, callers.tokens);
});

afterAll(async () => {
  await server.close();
});

describe('company logo upload', () => {
  it("the company's admin uploads a PNG: it becomes the public logo, listed with the company", async () => {
    const { awsS3SignedUrl, cloudFileName } = await uploadUrl('corpAdmin');
    expect(cloudFileName).toMatch(/^logo\/[a-z0-9_-]+\/[0-9a-f-]{36}\.png$/);
    expect((await put(awsS3SignedUrl, PNG, 'image/png')).statusCode).toBe(200);

    const saved = await setLogo('corpAdmin', cloudFileName);
    expect(saved.statusCode, saved.body).toBe(200);
    const logoUrl = saved.json<{ data: { logoUrl: string } }>().data.logoUrl;
    expect(logoUrl).toMatch(/^\/api\/company-logos\/[a-z0-9_-]+\/[0-9a-f-]{36}\.png$/);

    // Anyone reads it (no sign-in), as the image it is, cacheable for good.
    const image = await app.inject({ url: logoUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    // The company list (/companies, the jobs list's company details) shows it.
    const listed = await app.inject({ url: `/api/company/${encodeURIComponent(ourCompanyId)}` });
    expect(JSON.stringify(listed.json())).toContain(logoUrl);
    // Its users read it in the company profile too.
    const profile = await call('recruiter', { url: '/api/corporate/company' });
    expect(profile.json<{ data: { logoUrl: string } }>().data.logoUrl).toBe(logoUrl);
  });

  it('takes a JPEG or WebP too, and refuses other types (415)', async () => {
    const jpeg = await uploadUrl('corpAdmin', 'image/jpeg');
    expect(jpeg.cloudFileName).toMatch(/\.jpg$/);
    expect((await put(jpeg.awsS3SignedUrl, JPEG, 'image/jpeg')).statusCode).toBe(200);
    expect((await setLogo('corpAdmin', jpeg.cloudFileName)).statusCode).toBe(200);
    expect((await uploadUrl('corpAdmin', 'image/webp')).cloudFileName).toMatch(/\.webp$/);

    for (const type of ['image/gif', 'image/svg+xml', 'application/pdf', 'text/html']) {
      const res = await askUpload('corpAdmin', type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ errorMsg: LogoMessages.wrongType });
    }
  });

  it('refuses bytes that are not the promised image', async () => {
    const { awsS3SignedUrl, cloudFileName } = await uploadUrl('corpAdmin', 'image/png');
    // A JPEG (or an HTML page) under a PNG key is refused by the storage route.
    expect((await put(awsS3SignedUrl, JPEG, 'image/png')).statusCode).toBe(415);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await put(awsS3SignedUrl, html, 'image/png')).statusCode).toBe(415);
    // Nothing stored: it cannot become the logo.
    const res = await setLogo('corpAdmin', cloudFileName);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errorMsg: LogoMessages.notUploaded });
  });

  it('refuses a logo over 1 MB when it is saved (413)', async () => {
    const { awsS3SignedUrl, cloudFileName } = await uploadUrl('corpAdmin');
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024, 1)]);
    expect((await put(awsS3SignedUrl, big, 'image/png')).statusCode).toBe(200);
    const res = await setLogo('corpAdmin', cloudFileName);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errorMsg: LogoMessages.tooLarge });
  });

  it('is for corporate admins only: recruiter and candidate 403, nobody signed in 401', async () => {
    expect((await askUpload('recruiter')).statusCode).toBe(403);
    expect((await askUpload('candidate')).statusCode).toBe(403);
    expect((await askUpload(null)).statusCode).toBe(401);
    const { cloudFileName } = await uploadUrl('corpAdmin');
    expect((await setLogo('recruiter', cloudFileName)).statusCode).toBe(403);
  });

  it("another company's admin uploads for their own company and cannot take ours", async () => {
    const ours = await uploadUrl('corpAdmin');
    expect((await put(ours.awsS3SignedUrl, PNG, 'image/png')).statusCode).toBe(200);
    const theirs = await uploadUrl('other');
    expect(theirs.cloudFileName.split('/')[1]).not.toBe(ours.cloudFileName.split('/')[1]);

    const taken = await setLogo('other', ours.cloudFileName);
    expect(taken.statusCode).toBe(400);
    const [company] = await database.db
      .select({ logoUrl: companies.logoUrl })
      .from(companies)
      .innerJoin(corporateUsers, eq(corporateUsers.companyId, companies.id))
      .where(eq(corporateUsers.cognitoUserId, OTHER_ADMIN_SUB));
    expect(company?.logoUrl ?? '').not.toContain(ours.cloudFileName.split('/')[2]!);
  });

  it("takes back one of this server's own logo addresses as logoUrl, never a script address", async () => {
    const patch = (logoUrl: string) =>
      call('corpAdmin', { method: 'PATCH', url: '/api/corporate/company', payload: { logoUrl } });
    const seeded = `/api/company-logo/${ourCompanyId}.svg`;
    const res = await patch(seeded);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { logoUrl: string } }>().data.logoUrl).toBe(seeded);
    for (const bad of ['javascript:alert(1)', '/storage/cv/x/y.pdf', '//evil.example/x.png']) {
      expect((await patch(bad)).statusCode, bad).toBe(400);
    }
  });

  it('answers an unknown or malformed logo address with 404/400, never a 500', async () => {
    const missing = await app.inject({
      url: '/api/company-logos/acme/00000000-0000-4000-8000-000000000000.png',
    });
    expect(missing.statusCode).toBe(404);
    const traversal = await app.inject({ url: '/api/company-logos/..%2Fcv/x.png' });
    expect(traversal.statusCode).toBe(400);
    const pdf = await app.inject({
      url: '/api/company-logos/acme/00000000-0000-4000-8000-000000000000.pdf',
    });
    expect(pdf.statusCode).toBe(400);
  });
});
