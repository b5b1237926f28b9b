/**
 * Issue 23 item 1: a PDF must never take the server down. Decompression bombs generated here
 * (support/bomb-pdfs.ts) go through the real upload path of a real server and database: the
 * parse ends as unreadable with a message the candidate can act on, within the time limit,
 * while the server keeps answering; the parse worker's own limits (heap, time) stop what the
 * byte and item counts let through, and the server lives on; and a parse that never finished
 * is retried once on start, then given up.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { CvParser } from '../../server/cv/cv-parser';
import { parseCv } from '../../server/cv/parse-cv';
import { CV_PARSE_ERRORS, CvParseFailure } from '../../server/cv/parse-errors';
import { PARSE_LIMITS, PARSE_TIME_LIMIT_MS } from '../../server/cv/parse-limits';
import { demoAccount, type DemoAccount } from '../../server/identity/demo-accounts';
import { hugeStringBomb, textOperatorBomb } from './support/bomb-pdfs';
import { scannedCv, textCv } from './support/cv-pdfs';
import {
  makeCvServer,
  requester,
  type CvTestServer,
  type SignedUrlResponse,
} from './support/cv-server';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

const candidate = demoAccount('newcandidate@example.com');

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

const patchBody = (resume: string) => ({ isCvExtracted: false, resume, userCvFileName: 'cv.pdf' });

async function cvState(who: DemoAccount) {
  const [row] = await database.db
    .select({
      isCvExtracted: users.isCvExtracted,
      cvParseError: users.cvParseError,
      designation: users.designation,
      attempts: users.cvParseAttempts,
    })
    .from(users)
    .where(eq(users.email, who.email));
  return row!;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};

/** Health latencies (ms) measured back to back until `until` settles. */
async function healthWhile(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true)).catch(() => undefined);
  const latencies: number[] = [];
  do {
    const started = performance.now();
    const res = await server.app.inject({ url: '/api/health' });
    latencies.push(performance.now() - started);
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 10));
  } while (!done);
  return latencies;
}

/** Uploads `pdf` as the candidate's CV and measures health while it is parsed. */
async function uploadAndParse(pdf: Buffer) {
  const key = await upload(candidate, pdf);
  const started = performance.now();
  expect((await api.patchCv(candidate, candidate.email, patchBody(key))).statusCode).toBe(200);
  const latencies = await healthWhile(server.app.cvParses!.idle());
  return { key, parseMs: performance.now() - started, latencies };
}

describe('a decompression bomb uploaded as a CV', () => {
  it('(100 MB of text operators in 300 KB) ends unreadable within the time limit while health keeps answering', async () => {
    const bomb = await textOperatorBomb(100);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024); // spec §5: an upload the server accepts
    const { parseMs, latencies } = await uploadAndParse(bomb);

    expect(await cvState(candidate)).toMatchObject({
      isCvExtracted: false,
      cvParseError: CV_PARSE_ERRORS.tooComplex,
    });
    expect(parseMs).toBeLessThan(PARSE_TIME_LIMIT_MS);
    expect(latencies.length).toBeGreaterThan(0);
    expect(percentile(latencies, 99)).toBeLessThan(1000);
  });

  it('(600 MB in 1.8 MB) ends unreadable, and the server lives on and still reads CVs', async () => {
    const bomb = await textOperatorBomb(600);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const { latencies } = await uploadAndParse(bomb);
    expect(await cvState(candidate)).toMatchObject({
      isCvExtracted: false,
      cvParseError: CV_PARSE_ERRORS.tooComplex,
    });
    expect(percentile(latencies, 99)).toBeLessThan(1000);

    await uploadAndParse(await textCv());
    expect(await cvState(candidate)).toMatchObject({
      isCvExtracted: true,
      cvParseError: null,
      designation: 'Senior Software Engineer',
    });
  });

  it('is refused by the parser itself, before pdf.js reads it, wherever it runs', async () => {
    const started = performance.now();
    await expect(parseCv(await textOperatorBomb(100))).rejects.toMatchObject({
      code: 'tooComplex',
      detail: 'inflated bytes',
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    // Past the byte budget, the text item limit stops pdf.js part way through the page.
    const noByteBudget = { ...PARSE_LIMITS, maxInflatedBytes: Infinity };
    await expect(
      parseCv(await textOperatorBomb(100), new Date(), noByteBudget),
    ).rejects.toMatchObject({ code: 'tooComplex', detail: 'text items' });
  });

  it('leaves CVs with images (their own, larger budget) to the usual checks', async () => {
    await expect(parseCv(await scannedCv())).rejects.toThrow(CV_PARSE_ERRORS.scanned);
  });
});

describe('the parse worker’s own limits, for what the counts let through', () => {
  // The byte, page and item counts switched off: only the worker's limits remain.
  const uncounted = {
    maxInflatedBytes: Infinity,
    maxInflatedImageBytes: Infinity,
    maxDocumentPages: Infinity,
    maxTextItems: Infinity,
    maxTextChars: Infinity,
  };

  it('a parse that fills the worker’s heap kills the worker, not the server; the next parse works', async () => {
    const parser = new CvParser({ limits: uncounted, heapMb: 32, timeLimitMs: 25_000 });
    try {
      const bomb = await hugeStringBomb(100); // one 100 MB string: pdf.js builds it in the heap
      const parse = parser.parse(bomb);
      const latencies = await healthWhile(parse.catch(() => undefined));
      const failure = await parse.then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(CvParseFailure);
      expect(failure).toMatchObject({ code: 'tooComplex', detail: 'heap limit' });
      expect(percentile(latencies, 99)).toBeLessThan(1000);
      expect((await parser.parse(await textCv())).designation).toBe('Senior Software Engineer');
    } finally {
      await parser.close();
    }
  }, 60_000);

  it('a parse past the time limit is stopped, and the next parse works', async () => {
    const parser = new CvParser({ limits: uncounted, timeLimitMs: 1_500 });
    try {
      await parser.parse(await textCv()); // the worker is up: the limit is the parse's alone
      const started = performance.now();
      await expect(parser.parse(await textOperatorBomb(100))).rejects.toMatchObject({
        code: 'tooComplex',
        detail: 'time limit',
      });
      expect(performance.now() - started).toBeLessThan(5_000);
      expect((await parser.parse(await textCv())).designation).toBe('Senior Software Engineer');
    } finally {
      await parser.close();
    }
  }, 60_000);
});

describe('a parse the server never finished', () => {
  /** The state a process that died during the parse leaves, after `attempts` runs started. */
  async function leftInProgress(key: string, attempts: number) {
    await database.db
      .update(users)
      .set({
        cvObjectKey: key,
        isCvExtracted: false,
        cvParseError: null,
        cvParseAttempts: attempts,
      })
      .where(eq(users.email, candidate.email));
  }

  async function restart() {
    const restarted = await makeCvServer(database, auth, { dataDir: server.dataDir });
    try {
      await restarted.app.ready();
      await restarted.app.cvParses?.idle();
    } finally {
      await restarted.close();
    }
  }

  it('is retried once on start, then marked unreadable instead of being run again', async () => {
    // A readable CV, so that a parse, had it run, would have filled in the profile.
    const key = await upload(candidate, await textCv());
    await database.db
      .update(users)
      .set({ designation: null })
      .where(eq(users.email, candidate.email));

    await leftInProgress(key, 1); // the first run died: one retry
    await restart();
    expect(await cvState(candidate)).toMatchObject({
      isCvExtracted: true,
      designation: 'Senior Software Engineer',
      attempts: 2,
    });

    await database.db
      .update(users)
      .set({ designation: null })
      .where(eq(users.email, candidate.email));
    await leftInProgress(key, 2); // the retry died too: no third run
    await restart();
    expect(await cvState(candidate)).toMatchObject({
      isCvExtracted: false,
      cvParseError: CV_PARSE_ERRORS.tooComplex,
      designation: null,
      attempts: 2,
    });

    // Uploading the CV again starts over.
    expect((await api.patchCv(candidate, candidate.email, patchBody(key))).statusCode).toBe(200);
    await server.app.cvParses?.idle();
    expect(await cvState(candidate)).toMatchObject({ isCvExtracted: true, attempts: 1 });
  });
});
