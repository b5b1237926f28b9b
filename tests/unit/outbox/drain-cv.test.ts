/**
 * A CV upload through the drainer, with the PDF kept in IndexedDB between steps.
 *
 * happy-dom's Blob does not survive fake-indexeddb's structured clone, and Dexie recognises
 * Blobs by the constructor it saw when it was loaded; so Node's Blob is installed before any
 * import (vi.hoisted), as a browser's own Blob would be.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDb } from '@/lib/db';
import { drainOutbox, type DrainDeps } from '@/lib/outbox/drain';
import { MAX_RESTARTS, UPLOAD_TIMEOUT_MS } from '@/lib/outbox/model';
import { enqueue } from '@/lib/outbox/store';
import {
  API,
  T0,
  USER,
  fakeFetch,
  freshDb,
  jsonResponse,
  recordEvents,
  signIn,
  type SeenRequest,
} from './helpers';

vi.hoisted(() => {
  // (Node's `process`, typed here because the app's tsconfig has no Node types.)
  const node = globalThis as unknown as {
    process: { getBuiltinModule(id: 'node:buffer'): { Blob: typeof Blob } };
  };
  globalThis.Blob = node.process.getBuiltinModule('node:buffer').Blob;
});

let db: AppDb;
let recorder: ReturnType<typeof recordEvents>;

beforeEach(async () => {
  db = freshDb();
  recorder = recordEvents();
  await signIn(db);
});

afterEach(() => {
  recorder.stop();
  vi.restoreAllMocks();
  db.close();
});

function deps(fetchFn: typeof fetch): DrainDeps {
  // Bounded: a step machine that loops must fail these tests, not hang them.
  return {
    db,
    apiUrl: API,
    jobsApiUrl: 'https://jobs.test/v1',
    fetch: fetchFn,
    locks: null,
    now: () => T0,
    random: () => 0.5,
    maxSteps: 12,
  };
}

async function queueCv(text = '%PDF-1.4 resume') {
  await enqueue(
    db,
    {
      kind: 'cvUpload',
      userId: USER,
      subject: 'cv.pdf',
      payload: {
        email: 'ada@example.com',
        userId: USER,
        file: new Blob([text], { type: 'application/pdf' }),
        fileName: 'cv.pdf',
      },
    },
    T0,
  );
}

const SIGNED_URL = `${API}/file/gsu2u/USER_RESUME`;
const PATCH_URL = `${API}/user/ada%40example.com/cv`;

/** Storage and API: each signed-URL request hands out a new link; `putAnswers` decide the PUTs. */
function storage(putAnswers: number[] = []) {
  let links = 0;
  return fakeFetch((request: SeenRequest) => {
    if (request.url === SIGNED_URL) {
      links += 1;
      return jsonResponse(200, {
        awsS3SignedUrl: `https://storage.test/cv-${links}.pdf?sig=${links}`,
        awsS3Tag: 'kind=resume',
        cloudFileName: `cv-${links}.pdf`,
      });
    }
    if (request.method === 'PUT') {
      const status = putAnswers.shift() ?? 200;
      return status === 200
        ? new Response(null, { status })
        : jsonResponse(status, { errorMsg: 'Request has expired' });
    }
    return jsonResponse(200, { data: { isCvExtracted: false } });
  });
}

describe('cvUpload through the drainer', () => {
  it('gets a signed URL, PUTs the stored Blob without auth, then PATCHes the profile', async () => {
    const timeouts = vi.spyOn(AbortSignal, 'timeout');
    await queueCv();
    const server = storage();
    const report = await drainOutbox(deps(server.fetch));

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${SIGNED_URL}`,
      'PUT https://storage.test/cv-1.pdf?sig=1',
      `PATCH ${PATCH_URL}`,
    ]);
    const [getUrl, put, patch] = server.requests;
    expect(getUrl?.headers.get('authorization')).toBe('Bearer token-A');
    expect(put?.headers.get('authorization')).toBeNull();
    expect(put?.headers.get('x-amz-tagging')).toBe('kind=resume');
    expect(put?.headers.get('content-type')).toBe('application/pdf');
    expect(put?.body).toBeInstanceOf(Blob);
    expect(await (put?.body as Blob).text()).toBe('%PDF-1.4 resume');
    expect(timeouts).toHaveBeenCalledWith(UPLOAD_TIMEOUT_MS);
    expect(patch?.headers.get('authorization')).toBe('Bearer token-A');
    expect(patch?.body).toEqual({
      isCvExtracted: false,
      resume: 'cv-1.pdf',
      userCvFileName: 'cv.pdf',
    });
    const keys = server.requests.map((r) => r.headers.get('idempotency-key'));
    expect(new Set(keys).size).toBe(3);

    expect(report).toMatchObject({ steps: 3, pending: 0 });
    expect(await db.outbox.count()).toBe(0);
    expect(recorder.events).toContainEqual(
      expect.objectContaining({ kind: 'cvUpload', state: 'done', outcome: 'uploaded' }),
    );
  });

  it('an expired link (PUT 403) fetches a fresh one and uploads there', async () => {
    await queueCv();
    const server = storage([403]);
    const report = await drainOutbox(deps(server.fetch));
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${SIGNED_URL}`,
      'PUT https://storage.test/cv-1.pdf?sig=1',
      `POST ${SIGNED_URL}`,
      'PUT https://storage.test/cv-2.pdf?sig=2',
      `PATCH ${PATCH_URL}`,
    ]);
    expect(server.requests[4]?.body).toMatchObject({ resume: 'cv-2.pdf' });
    // The second signed-URL request is a new request, not a replay of the first.
    const keys = server.requests.map((r) => r.headers.get('idempotency-key'));
    expect(new Set(keys).size).toBe(5);
    expect(report.pending).toBe(0);
  });

  it(`fails, visibly, when the link is refused more than ${MAX_RESTARTS} times`, async () => {
    await queueCv();
    const server = storage(Array.from({ length: MAX_RESTARTS + 1 }, () => 403));
    await drainOutbox(deps(server.fetch));
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(MAX_RESTARTS + 1);
    expect(await db.outbox.toArray()).toMatchObject([
      { kind: 'cvUpload', state: 'failed', lastError: 'Request has expired' },
    ]);
  });
});
