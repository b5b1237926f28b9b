/**
 * The referral kinds (issue 16): what they send and how each answer is classified (done with the
 * spec §4 result type, already done, retried, failed), their panel labels and toasts, and one
 * request delivered exactly once through the real store and drainer even when its first answer
 * is lost.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFERRAL_RESULT_TYPES, ReferralErrors } from '@/domain/contract/referrals';
import type { AppDb } from '@/lib/db';
import { drainOutbox } from '@/lib/outbox/drain';
import { OUTBOX_KINDS, kindSpec } from '@/lib/outbox/kinds';
import { referralSubject } from '@/lib/outbox/kinds/referral-request';
import { NetworkError } from '@/lib/outbox/model';
import { enqueue } from '@/lib/outbox/store';
import {
  API,
  USER,
  T0,
  fakeFetch,
  freshDb,
  jsonResponse,
  makeAction,
  recordEvents,
  recordingContext,
  result,
  signIn,
} from './helpers';

const payload = {
  companyId: 'cmp-acme',
  jobId: 'job-7',
  jobTitle: 'Frontend Engineer',
  companyName: 'Acme',
  note: 'Happy to relocate',
};

function answer(type: string, withRequest = true) {
  return {
    data: {
      type,
      balance: 2,
      request: withRequest ? requestDto() : null,
    },
  };
}

function requestDto() {
  return {
    id: 'ref-1',
    state: 'approved',
    companyId: 'cmp-acme',
    companyName: 'Acme',
    companyLogoUrl: null,
    jobId: 'job-7',
    jobUrl: null,
    jobTitle: 'Frontend Engineer',
    note: 'Happy to relocate',
    attempt: 1,
    matchScore: null,
    rejectionReasons: [],
    deadline: null,
    referee: null,
    reference: null,
    proofUrl: null,
    proofFileName: null,
    guidanceUrl: '/guidance/Acme/cmp-acme',
    timeline: [],
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
  };
}

describe('referralRequest', () => {
  const action = makeAction({
    kind: 'referralRequest',
    payload,
    subject: referralSubject(payload),
  });

  it('POSTs the request without the UI-only company name or a listed job’s title', async () => {
    const { context, calls } = recordingContext([result(201, answer('RequestAccepted'))]);
    await OUTBOX_KINDS.referralRequest.execute(action, context);
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `${API}/referrals`,
        body: { companyId: 'cmp-acme', jobId: 'job-7', note: 'Happy to relocate' },
      },
    ]);
    // The action's own Idempotency-Key is used (no per-step key).
    expect(calls[0]?.idempotencyKey).toBeUndefined();
  });

  it('sends a pasted link with the title the candidate gave it', async () => {
    const link = {
      companyId: 'cmp-acme',
      jobUrl: 'https://acme.example.com/jobs/1',
      jobTitle: 'SRE',
    };
    const { context, calls } = recordingContext([result(201, answer('RequestAccepted'))]);
    await OUTBOX_KINDS.referralRequest.execute(
      makeAction({ kind: 'referralRequest', payload: link }),
      context,
    );
    expect(calls[0]?.body).toEqual(link);
  });

  it.each(REFERRAL_RESULT_TYPES)(
    'a 2xx %s answer is done with that type as outcome',
    async (type) => {
      const withRequest = type === 'RequestAccepted' || type === 'RequestRejected';
      const body = answer(type, withRequest);
      const { context } = recordingContext([result(withRequest ? 201 : 200, body)]);
      expect(await OUTBOX_KINDS.referralRequest.execute(action, context)).toEqual({
        type: 'done',
        outcome: type,
        result: body.data,
      });
    },
  );

  it('AlreadyRequested (the server already has it) is done, not failed', async () => {
    const { context } = recordingContext([result(200, answer('AlreadyRequested', false))]);
    expect(await OUTBOX_KINDS.referralRequest.execute(action, context)).toMatchObject({
      type: 'done',
      outcome: 'AlreadyRequested',
    });
  });

  it('a 2xx it cannot read is done as unknown (the dialog says Something went wrong)', async () => {
    const { context } = recordingContext([result(201, { data: { type: 'Mystery' } })]);
    expect(await OUTBOX_KINDS.referralRequest.execute(action, context)).toEqual({
      type: 'done',
      outcome: 'unknown',
    });
  });

  it('4xx fails with the server’s words; 5xx, 429 and the idempotency 409 retry; 401 waits', async () => {
    const cases = [
      [
        result(404, null, ReferralErrors.jobNotFound),
        { type: 'fail', error: ReferralErrors.jobNotFound },
      ],
      [
        result(403, null, ReferralErrors.candidatesOnly),
        { type: 'fail', error: ReferralErrors.candidatesOnly },
      ],
      [result(503, null, 'Busy'), { type: 'retry', error: 'Busy' }],
      [result(429, null, 'Slow down'), { type: 'retry', error: 'Slow down' }],
      [
        result(409, null, 'A request with this Idempotency-Key is still in progress'),
        { type: 'retry', error: 'A request with this Idempotency-Key is still in progress' },
      ],
      [result(401, null, 'expired'), { type: 'auth', error: 'Waiting for you to sign in again' }],
    ] as const;
    for (const [response, expected] of cases) {
      const { context } = recordingContext([response]);
      expect(await OUTBOX_KINDS.referralRequest.execute(action, context)).toEqual(expected);
    }
  });

  it('is labelled "Referral request: <job title> at <company>" in the panel', () => {
    const spec = kindSpec('referralRequest')!;
    expect(spec.label).toBe('Referral request');
    expect(spec.describe?.(payload as never, 'subject')).toBe('Frontend Engineer at Acme');
  });

  it('tells how a request sent in the background ended, in the spec §4 words', () => {
    const toast = kindSpec('referralRequest')!.toast!;
    expect(toast.unlessWatched).toBe(true);
    expect(toast.done?.('RequestAccepted')).toEqual({
      level: 'success',
      text: 'Referral request: Request accepted. The CV will be sent to the best referee.',
    });
    expect(toast.done?.('zeroReferral')?.text).toContain('Referral credits exhausted');
    expect(toast.done?.('unknown')?.text).toContain('Something went wrong');
  });
});

describe('referralAcknowledge', () => {
  const action = makeAction({
    kind: 'referralAcknowledge',
    payload: { requestId: 'ref 1', jobTitle: 'Frontend Engineer', companyName: 'Acme' },
    subject: 'ref 1',
  });

  it('POSTs to the request’s acknowledge route and is done', async () => {
    const { context, calls } = recordingContext([result(200, { data: requestDto() })]);
    const step = await OUTBOX_KINDS.referralAcknowledge.execute(action, context);
    expect(calls[0]).toMatchObject({ method: 'POST', url: `${API}/referrals/ref%201/acknowledge` });
    expect(step).toMatchObject({ type: 'done', outcome: 'acknowledged' });
  });

  it('409 in state acknowledged is already done; another state fails with the message', async () => {
    const done = recordingContext([result(409, { errorMsg: 'x', state: 'acknowledged' }, 'x')]);
    expect(await OUTBOX_KINDS.referralAcknowledge.execute(action, done.context)).toEqual({
      type: 'done',
      outcome: 'alreadyAcknowledged',
    });
    const message = 'This request is cancelled: it cannot be acknowledged now';
    const wrong = recordingContext([
      result(409, { errorMsg: message, state: 'cancelled' }, message),
    ]);
    expect(await OUTBOX_KINDS.referralAcknowledge.execute(action, wrong.context)).toEqual({
      type: 'fail',
      error: message,
    });
  });

  it('retries a network error (the drainer rejects-then-retries)', async () => {
    const { context } = recordingContext([new NetworkError('offline')]);
    await expect(OUTBOX_KINDS.referralAcknowledge.execute(action, context)).rejects.toThrow(
      'offline',
    );
  });
});

describe('a referral request through the store and the drainer', () => {
  let db: AppDb;
  beforeEach(async () => {
    db = freshDb();
    await signIn(db);
  });
  afterEach(() => db.delete());

  it('asking twice queues one action; a lost first answer is replayed once with the same key and the result is announced', async () => {
    const input = {
      kind: 'referralRequest' as const,
      userId: USER,
      subject: referralSubject(payload),
      payload,
    };
    const first = await enqueue(db, input, T0);
    expect((await enqueue(db, input, T0)).status).toBe('existing');
    if (first.status !== 'queued') throw new Error('not queued');

    // The first answer never arrives (the server made the request, the phone lost the reply).
    let calls = 0;
    const server = fakeFetch(() => {
      calls += 1;
      return calls === 1
        ? new TypeError('Failed to fetch')
        : jsonResponse(201, answer('RequestAccepted'));
    });
    const { events, stop } = recordEvents();
    let clock = T0;
    const deps = {
      db,
      apiUrl: API,
      jobsApiUrl: API,
      fetch: server.fetch,
      locks: null,
      now: () => clock,
      random: () => 0.5,
    };
    await drainOutbox(deps);
    clock += 60_000;
    await drainOutbox(deps);
    stop();

    expect(server.requests).toHaveLength(2);
    const keys = server.requests.map((r) => r.headers.get('idempotency-key'));
    expect(keys).toEqual([first.action.idempotencyKey, first.action.idempotencyKey]);
    const done = events.find((e) => e.type === 'changed' && e.state === 'done');
    expect(done).toMatchObject({ kind: 'referralRequest', outcome: 'RequestAccepted' });
    expect(done && 'result' in done ? done.result : null).toMatchObject({
      type: 'RequestAccepted',
      request: { id: 'ref-1' },
    });
  });
});
