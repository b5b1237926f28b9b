import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from './support/test-config';
import { CONTACT_RATE_LIMIT } from '../../server/contact/routes';
import { createRateLimiter } from '../../server/contact/rate-limiter';
import { CONTACT_REQUESTS_FILE } from '../../server/contact/store';
import { makeDistFixture } from './helpers';

// makeServer (helpers.ts) keeps the default DATA_DIR (.data, the developer's own data): these
// tests build the same server with a throw-away DATA_DIR instead, so nothing lands there.
let app: FastifyInstance;
let dataDir: string;
let fixture: ReturnType<typeof makeDistFixture>;

const good = {
  name: 'Asha Rao',
  email: 'asha.rao@acme.example',
  company: 'Acme Fintech',
  phone: '+91 98765 43210',
  teamSize: '50-100',
  message: 'We are hiring six backend engineers in Bengaluru this quarter.',
};

beforeEach(async () => {
  fixture = makeDistFixture();
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-contact-'));
  const config = testConfig({
    DIST_DIR: fixture.dir,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
  });
  app = await buildServer({ config, version: '9.9.9-test' });
});

afterEach(async () => {
  await app.close();
  fixture.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/contact-requests', payload: payload as object });

const storedLines = () =>
  readFileSync(path.join(dataDir, CONTACT_REQUESTS_FILE), 'utf8').split('\n').filter(Boolean);

describe('POST /api/contact-requests', () => {
  it('stores a valid request as one JSON line and answers 201 with its id', async () => {
    const res = await post(good);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const lines = storedLines();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ ...good, id });
  });

  it('trims fields and treats a missing phone as empty', async () => {
    const { phone: _phone, ...withoutPhone } = good;
    const res = await post({ ...withoutPhone, name: '  Asha Rao  ' });
    expect(res.statusCode).toBe(201);
    expect(JSON.parse(storedLines()[0] ?? '')).toMatchObject({ name: 'Asha Rao', phone: '' });
  });

  it('appends, never rewrites: two requests make two lines', async () => {
    await post(good);
    await post({ ...good, company: 'Beta Labs' });
    expect(storedLines().map((line) => (JSON.parse(line) as { company: string }).company)).toEqual([
      'Acme Fintech',
      'Beta Labs',
    ]);
  });

  it('rejects bad input with 400, errorMsg and one clear message per field, storing nothing', async () => {
    const res = await post({
      name: 'A',
      email: 'not-an-email',
      company: '',
      phone: 'call me',
      teamSize: 'huge',
      message: 'hi',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ errorMsg: string; errors: Record<string, string> }>();
    expect(body.errorMsg).toBe(body.errors.name);
    expect(body.errors).toEqual({
      name: 'Please enter your name (at least 2 characters).',
      email: 'Please enter a valid email address, like name@company.com.',
      company: 'Please enter your company name.',
      phone: 'Please enter a valid phone number, like +91 98765 43210.',
      teamSize: 'Please choose your team size.',
      message: 'Please tell us a little more (at least 20 characters).',
    });
    expect(() => storedLines()).toThrow(/ENOENT/);
  });

  it('names every missing field of an empty body', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: object }>().errors).sort()).toEqual(
      ['company', 'email', 'message', 'name', 'teamSize'].sort(),
    );
  });

  it('rate-limits one client address with 429 and a clear message', async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await post({})).statusCode).toBe(400);
    }
    const res = await post(good);
    expect(res.statusCode).toBe(429);
    expect(res.json<{ errorMsg: string }>().errorMsg).toMatch(/Too many requests/);
  });
});

describe('the contact rate limiter', () => {
  it('allows max hits per window per key, then says how long to wait, then resets', () => {
    let time = 0;
    const limiter = createRateLimiter({ max: 2, windowMs: 60_000 }, () => time);
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('b')).toBe(0);
    time = 15_000;
    expect(limiter.hit('a')).toBe(45);
    time = 60_000;
    expect(limiter.hit('a')).toBe(0);
  });
});
