/**
 * The referee kinds (issue 17): what accept, decline and refer send, how each answer is
 * classified (done, already done, no longer offered, retried, failed), their panel labels and
 * notices, and that the three share one line so a refer never overtakes its accept.
 */
import { describe, expect, it } from 'vitest';
import { ProofLimits, ProofMessages } from '@/domain/contract/files';
import { ReferralErrors } from '@/domain/contract/referrals';
import { OUTBOX_KINDS, actionTitle, kindSpec } from '@/lib/outbox/kinds';
import { NO_LONGER_OFFERED, refereeSubject } from '@/lib/outbox/kinds/referee-answer';
import { API, makeAction, recordingContext, result } from './helpers';

const base = { requestId: 'ref-9', jobTitle: 'Frontend Engineer', candidateName: 'Asha Rao' };

function offer(state: string, answer: string | null) {
  return {
    data: {
      requestId: 'ref-9',
      state,
      answer,
      offeredAt: '2026-11-22T08:00:00.000Z',
      deadline: null,
      companyId: 'cmp-acme',
      jobId: 'job-7',
      jobUrl: null,
      jobTitle: 'Frontend Engineer',
      note: '',
      matchScore: null,
      candidate: {
        name: 'Asha Rao',
        designation: 'Engineer',
        yearsOfExperience: 4,
        location: 'Pune',
        coreSkills: [],
        softSkills: [],
        technicalSkills: [],
      },
    },
  };
}

const accept = makeAction({
  kind: 'refereeAccept',
  payload: base,
  subject: refereeSubject('ref-9'),
});
const decline = makeAction({
  kind: 'refereeDecline',
  payload: { ...base, reason: 'other', text: '  Team is on a hiring freeze  ' },
  subject: refereeSubject('ref-9'),
});
const refer = makeAction({
  kind: 'refereeRefer',
  payload: { ...base, reference: ' APP-123 ' },
  subject: refereeSubject('ref-9'),
});

describe('referee kinds: what they send', () => {
  it('accept POSTs an empty body; decline the reason and trimmed text; refer the reference', async () => {
    const { context, calls } = recordingContext([
      result(200, offer('accepted', 'accepted')),
      result(200, offer('approved', 'declined')),
      result(200, offer('referred', 'referred')),
    ]);
    await OUTBOX_KINDS.refereeAccept.execute(accept, context);
    await OUTBOX_KINDS.refereeDecline.execute(decline, context);
    await OUTBOX_KINDS.refereeRefer.execute(refer, context);
    expect(calls.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: `${API}/referrals/ref-9/accept`, body: {} },
      {
        method: 'POST',
        url: `${API}/referrals/ref-9/decline`,
        body: { reason: 'other', text: 'Team is on a hiring freeze' },
      },
      { method: 'POST', url: `${API}/referrals/ref-9/refer`, body: { reference: 'APP-123' } },
    ]);
  });

  it('the UI-only names are never sent; an empty reference sends an empty body', async () => {
    const { context, calls } = recordingContext([result(200, offer('referred', 'referred'))]);
    await OUTBOX_KINDS.refereeRefer.execute(
      makeAction({ kind: 'refereeRefer', payload: { ...base, reference: '  ' } }),
      context,
    );
    expect(calls[0]?.body).toEqual({});
  });
});

describe('refer with a proof file', () => {
  const proof = {
    file: new Blob(['\x89PNG screenshot']),
    fileName: 'portal.png',
    mimeType: 'image/png',
  };
  const signedAnswer = (n: number) =>
    result(200, {
      awsS3SignedUrl: `/storage/proof/ref-9/f${n}.png?sig=${n}`,
      awsS3Tag: 'purpose=REFERRAL_PROOF',
      cloudFileName: `proof/ref-9/f${n}.png`,
    });

  /** Runs the action step by step as the drainer would, until it is done or fails. */
  async function drive(answers: ReturnType<typeof result>[]) {
    const { context, calls } = recordingContext(answers);
    let action = makeAction({
      kind: 'refereeRefer',
      payload: { ...base, reference: 'APP-1', proof },
      subject: refereeSubject('ref-9'),
    });
    for (let i = 0; i < 10; i += 1) {
      const step = await OUTBOX_KINDS.refereeRefer.execute(action, context);
      if (step.type !== 'advance') return { step, calls };
      action = {
        ...action,
        step: step.step,
        ...(step.stepData ? { stepData: step.stepData } : {}),
      };
    }
    throw new Error('did not end');
  }

  it('uploads the file to a signed URL, then refers naming the uploaded key', async () => {
    const { step, calls } = await drive([
      signedAnswer(1),
      result(200),
      result(200, offer('referred', 'referred')),
    ]);
    expect(step).toMatchObject({ type: 'done', outcome: 'referred' });
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      `POST ${API}/file/gsu2u/${ProofLimits.purpose}`,
      'PUT /storage/proof/ref-9/f1.png?sig=1',
      `POST ${API}/referrals/ref-9/refer`,
    ]);
    expect(calls[0]!.body).toEqual({
      requestId: 'ref-9',
      fileName: 'portal.png',
      mimeType: 'image/png',
    });
    expect(calls[1]!.auth).toBe(false);
    expect(calls[1]!.headers?.['content-type']).toBe('image/png');
    expect(calls[1]!.body).toBe(proof.file);
    expect(calls[2]!.body).toEqual({ reference: 'APP-1', proofFile: 'proof/ref-9/f1.png' });
    // Three requests, three Idempotency-Keys.
    expect(new Set(calls.map((call) => call.idempotencyKey)).size).toBe(3);
  });

  it('a used link, or a proof the server lost, goes back for a fresh link', async () => {
    const { step, calls } = await drive([
      signedAnswer(1),
      result(403, null, 'This upload link was already used. Please upload the file again.'),
      signedAnswer(2),
      result(200),
      result(400, null, ProofMessages.notUploaded),
      signedAnswer(3),
      result(200),
      result(200, offer('referred', 'referred')),
    ]);
    expect(step).toMatchObject({ type: 'done', outcome: 'referred' });
    expect(calls.at(-1)!.body).toEqual({ reference: 'APP-1', proofFile: 'proof/ref-9/f3.png' });
  });
});

describe('referee kinds: how answers are classified', () => {
  it('a 2xx is done with the offer as result', async () => {
    const body = offer('accepted', 'accepted');
    const { context } = recordingContext([result(200, body)]);
    expect(await OUTBOX_KINDS.refereeAccept.execute(accept, context)).toEqual({
      type: 'done',
      outcome: 'accepted',
      result: body.data,
    });
  });

  it('a request taken back or expired while offline ends as noLongerOffered, not failed', async () => {
    for (const action of [accept, decline, refer]) {
      const { context } = recordingContext([
        result(
          409,
          { errorMsg: ReferralErrors.noLongerOffered, state: 'offered' },
          ReferralErrors.noLongerOffered,
        ),
      ]);
      const spec = kindSpec(action.kind)!;
      expect(await spec.execute(action, context)).toEqual({
        type: 'done',
        outcome: NO_LONGER_OFFERED,
      });
      const notice = spec.toast?.done?.(NO_LONGER_OFFERED);
      expect(notice?.level).toBe('warning');
      expect(notice?.text).toContain('no longer offered to you');
    }
  });

  it('an expired or cancelled request (409 with that state) also ends as noLongerOffered', async () => {
    const text = ReferralErrors.wrongState('expired', 'accept');
    const { context } = recordingContext([result(409, { errorMsg: text, state: 'expired' }, text)]);
    expect(await OUTBOX_KINDS.refereeAccept.execute(accept, context)).toEqual({
      type: 'done',
      outcome: NO_LONGER_OFFERED,
    });
  });

  it('already accepted / already referred (a replay) is done without a second notice', async () => {
    const acceptText = ReferralErrors.wrongState('accepted', 'accept');
    const referText = ReferralErrors.wrongState('referred', 'refer');
    const { context } = recordingContext([
      result(409, { errorMsg: acceptText, state: 'accepted' }, acceptText),
      result(409, { errorMsg: referText, state: 'referred' }, referText),
    ]);
    const first = await OUTBOX_KINDS.refereeAccept.execute(accept, context);
    const second = await OUTBOX_KINDS.refereeRefer.execute(refer, context);
    expect(first).toEqual({ type: 'done', outcome: 'already:accepted' });
    expect(second).toEqual({ type: 'done', outcome: 'already:referred' });
    expect(OUTBOX_KINDS.refereeAccept.toast?.done?.('already:accepted')).toBeNull();
  });

  it('refer before accept (409 offered) fails with the server’s words', async () => {
    const text = ReferralErrors.wrongState('offered', 'refer');
    const { context } = recordingContext([result(409, { errorMsg: text, state: 'offered' }, text)]);
    expect(await OUTBOX_KINDS.refereeRefer.execute(refer, context)).toEqual({
      type: 'fail',
      error: text,
    });
  });

  it('403, 400 fail; 5xx, 429 and the idempotency 409 retry; 401 waits for sign-in', async () => {
    const cases = [
      [result(403, null, ReferralErrors.forbidden), 'fail'],
      [result(400, null, ReferralErrors.declineNeedsText), 'fail'],
      [result(503, null, 'Busy'), 'retry'],
      [result(429, null, 'Slow down'), 'retry'],
      [result(409, null, 'A request with this key is still in progress'), 'retry'],
      [result(401, null, 'Unauthorized'), 'auth'],
    ] as const;
    for (const [answer, type] of cases) {
      const { context } = recordingContext([answer]);
      expect((await OUTBOX_KINDS.refereeDecline.execute(decline, context)).type).toBe(type);
    }
  });
});

describe('referee kinds: in the panel', () => {
  it('labels say what and for whom, with the candidate’s first name only', () => {
    expect(actionTitle(accept)).toBe('Accept referral: Frontend Engineer for Asha');
    expect(actionTitle(decline)).toBe('Decline referral: Frontend Engineer for Asha');
    expect(actionTitle(refer)).toBe('Mark as referred: Frontend Engineer for Asha');
  });

  it('the three share one line, so refer waits for its accept', () => {
    const lines = new Set(
      (['refereeAccept', 'refereeDecline', 'refereeRefer'] as const).map(
        (kind) => OUTBOX_KINDS[kind].line,
      ),
    );
    expect(lines.size).toBe(1);
    expect([...lines][0]).toBeTruthy();
  });
});
