/**
 * Offline action kinds are modules (issue 15 part 2): a kind declared in one place and registered
 * with one line is queued by the store, sent step by step by the drainer, and named by the
 * pending-actions panel, with no other code knowing its name. And actions queued by the release
 * before the kinds became modules (the same record format) still drain.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { PendingActions } from '@/features/outbox-status';
import { setSession, type SessionSummary } from '@/lib/auth';
import { LATEST_VERSION, setDbForTests, type AppDb } from '@/lib/db';
import type { OutboxEntry } from '@/lib/db/types';
import { classifyFailure, isOk } from '@/lib/outbox/classify';
import { drainOutbox } from '@/lib/outbox/drain';
import { defineKind } from '@/lib/outbox/kind';
import { registerOutboxKind } from '@/lib/outbox/kinds';
import { enqueue } from '@/lib/outbox/store';
import {
  API,
  JOBS_API,
  T0,
  USER,
  fakeFetch,
  freshDb,
  jsonResponse,
  recordEvents,
  signIn,
  type SeenRequest,
} from './helpers';

// ---- The test-only kind: what "one new file" holds for a two-step action. -----------------
interface PingPayload {
  readonly message: string;
}
const TicketSchema = z.object({ ticket: z.string() });
const pingKind = defineKind<PingPayload>({
  label: 'Ping',
  describe: (payload) => `“${payload.message}”`,
  firstStep: 'ask',
  coalesce: { mode: 'subject', retryFailed: false },
  async execute(action, context) {
    if (action.step === 'ask') {
      const response = await context.send({ method: 'POST', url: `${context.apiUrl}/ping` });
      if (!isOk(response)) return classifyFailure(response);
      const parsed = TicketSchema.safeParse(response.data);
      if (!parsed.success) return { type: 'retry', error: 'The ticket was not understood' };
      return { type: 'advance', step: 'confirm', stepData: { ticket: parsed.data.ticket } };
    }
    const payload = action.payload as PingPayload;
    const response = await context.send({
      method: 'PUT',
      url: `${context.apiUrl}/ping/${String(action.stepData?.ticket)}`,
      body: { message: payload.message },
    });
    return isOk(response) ? { type: 'done', outcome: 'ponged' } : classifyFailure(response);
  },
});
// -------------------------------------------------------------------------------------------

const session: SessionSummary = {
  sub: USER,
  email: 'candidate@example.com',
  fullName: 'Tara Iyer',
  userType: ['general-user'],
  corporateUserType: null,
  lastAccessedDash: 'CAND',
};

let db: AppDb;
let unregister: (() => void) | null = null;

beforeEach(async () => {
  db = freshDb();
  setDbForTests(db);
  await signIn(db);
});

afterEach(() => {
  unregister?.();
  unregister = null;
  setSession(null);
  setDbForTests(null);
  db.close();
});

const drain = (fetchFn: typeof fetch) =>
  drainOutbox({
    db,
    apiUrl: API,
    jobsApiUrl: JOBS_API,
    fetch: fetchFn,
    locks: null,
    now: () => T0,
  });

describe('a kind registered with one line', () => {
  it('is queued, coalesced, drained step by step and named in the pending-actions panel', async () => {
    unregister = registerOutboxKind('ping', pingKind); // the "one registry line"
    const queued = await enqueue(db, {
      kind: 'ping',
      userId: USER,
      subject: 'ping-1',
      payload: { message: 'hello' },
    });
    expect(queued.status).toBe('queued');
    expect(queued.status === 'queued' && queued.action.step).toBe('ask');
    // Its coalescing rule: asking again for the same subject is the same action.
    const again = await enqueue(db, {
      kind: 'ping',
      userId: USER,
      subject: 'ping-1',
      payload: { message: 'hello' },
    });
    expect(again.status).toBe('existing');

    setSession(session);
    render(
      <Suspense fallback={null}>
        <PendingActions />
      </Suspense>,
    );
    const trigger = await screen.findByTestId('pending-actions');
    act(() => trigger.click());
    expect(await screen.findByText('Ping: “hello”')).toBeInTheDocument();
    expect(screen.getByText('Waiting to send')).toBeInTheDocument();

    const { fetch, requests } = fakeFetch((request: SeenRequest) =>
      request.method === 'POST'
        ? jsonResponse(200, { ticket: 't-42' })
        : jsonResponse(204, undefined),
    );
    const recorder = recordEvents();
    const report = await act(() => drain(fetch));
    recorder.stop();

    expect(report.pending).toBe(0);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${API}/ping`,
      `PUT ${API}/ping/t-42`,
    ]);
    expect(requests[1]?.body).toEqual({ message: 'hello' });
    expect(recorder.events).toContainEqual(
      expect.objectContaining({ type: 'changed', kind: 'ping', state: 'done', outcome: 'ponged' }),
    );
    expect(await db.outbox.count()).toBe(0);
    await waitFor(() => expect(screen.queryByTestId('pending-actions')).not.toBeInTheDocument());
  });

  it('an answer its schema refuses is retried, not taken as done', async () => {
    unregister = registerOutboxKind('ping', pingKind);
    await enqueue(db, { kind: 'ping', userId: USER, subject: 'p', payload: { message: 'x' } });
    const { fetch } = fakeFetch(() => jsonResponse(200, { ticket: 42 }));
    await drain(fetch);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({
      state: 'pending',
      step: 'ask',
      lastError: 'The ticket was not understood',
    });
  });

  it('a stored action whose kind this build does not know fails visibly and is kept', async () => {
    await db.outbox.add(previousReleaseRow({ kind: 'guidanceRequest', subject: 'r-1' }));
    const { fetch, requests } = fakeFetch(() => jsonResponse(200, {}));
    await drain(fetch);
    expect(requests).toEqual([]);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ kind: 'guidanceRequest', state: 'failed' });
  });
});

/** A row exactly as the release before issue 15 wrote it (design/outbox.md "The record"). */
function previousReleaseRow(
  overrides: Partial<OutboxEntry> & Pick<OutboxEntry, 'kind'>,
): OutboxEntry {
  return {
    userId: USER,
    idempotencyKey: `key-${overrides.kind}-${overrides.subject ?? 's'}`,
    subject: 'job-1',
    payload: {},
    step: 'send',
    state: 'pending',
    outcome: null,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    leaseUntil: 0,
    createdAt: T0 - 60_000,
    updatedAt: T0 - 60_000,
    ...overrides,
  };
}

describe('actions queued by the previous release', () => {
  it('keep the database version (no schema change) and drain, mid-step ones where they stopped', async () => {
    // The kinds moved into modules without touching the stored record or the Dexie schema.
    // v5 (corporate job drafts, issue 20) and v6 (pending payments, issue 18) only added tables:
    // the outbox record is unchanged.
    expect(LATEST_VERSION).toBe(6);
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    await db.outbox.bulkAdd([
      previousReleaseRow({
        kind: 'apply',
        subject: 'job-1',
        payload: {
          jobId: 'job-1',
          companyName: 'Acme',
          jobPortal: 'referralhub',
          jobTitle: 'Engineer',
        },
      }),
      previousReleaseRow({
        kind: 'cvUpload',
        subject: 'cv.pdf',
        step: 'put',
        attempts: 1,
        stepData: {
          restarts: 0,
          signed: {
            url: 'https://store.test/put/abc',
            tag: 'purpose=resume',
            cloudFileName: 'abc.pdf',
          },
        },
        payload: { email: 'candidate@example.com', userId: 'usr-1', file: pdf, fileName: 'cv.pdf' },
      }),
      previousReleaseRow({ kind: 'save', subject: 'job-2', payload: { jobId: 'job-2' } }),
      previousReleaseRow({
        kind: 'profileEdit',
        subject: 'profile',
        payload: { email: 'candidate@example.com', YOE: 4 },
      }),
    ]);
    const { fetch, requests } = fakeFetch(() => jsonResponse(200, { data: {} }));
    const report = await drain(fetch);

    expect(report.pending).toBe(0);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${JOBS_API}/job-application/`,
      'PUT https://store.test/put/abc',
      `PATCH ${API}/user/candidate%40example.com/cv`,
      `PUT ${API}/saved-jobs/job-2`,
      `PATCH ${API}/user/candidate%40example.com/profile`,
    ]);
    expect(requests[0]?.headers.get('idempotency-key')).toBe('key-apply-job-1');
    expect(requests[1]?.headers.get('x-amz-tagging')).toBe('purpose=resume');
    // The delivered application is remembered as before.
    expect(await db.applications.get([USER, 'job-1'])).toMatchObject({
      kind: 'internal',
      state: 'submitted',
    });
  });
});
