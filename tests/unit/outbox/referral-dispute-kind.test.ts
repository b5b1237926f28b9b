/**
 * The referralDispute kind (issue 21 item 3, "Report a problem"): what it sends, that a repeat the
 * server already has (409) counts as done, and that a refusal fails with the server's words.
 */
import { describe, expect, it } from 'vitest';
import { OversightErrors } from '@/domain/contract/admin-referrals';
import { OUTBOX_KINDS } from '@/lib/outbox/kinds';
import { API, makeAction, recordingContext, result } from './helpers';

const action = makeAction({
  kind: 'referralDispute',
  payload: {
    requestId: 'ref-7',
    note: 'HR says nothing arrived',
    jobTitle: 'Frontend Engineer',
    companyName: 'Acme',
  },
  subject: 'ref-7',
});

describe('referralDispute', () => {
  it('POSTs only the note to the request, and is done on 201', async () => {
    const { context, calls } = recordingContext([
      result(201, { data: { requestId: 'ref-7', kind: 'notReferred' } }),
    ]);
    const step = await OUTBOX_KINDS.referralDispute.execute(action, context);
    expect(step).toMatchObject({ type: 'done', outcome: 'reported' });
    expect(calls.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'POST',
        url: `${API}/referrals/ref-7/dispute`,
        body: { note: 'HR says nothing arrived' },
      },
    ]);
    expect(OUTBOX_KINDS.referralDispute.toast?.done?.('reported')).toMatchObject({
      level: 'success',
    });
  });

  it('counts "already reported" (409) as done, without a second toast', async () => {
    const { context } = recordingContext([result(409, null, OversightErrors.alreadyDisputed)]);
    const step = await OUTBOX_KINDS.referralDispute.execute(action, context);
    expect(step).toMatchObject({ type: 'done', outcome: 'alreadyReported' });
    expect(OUTBOX_KINDS.referralDispute.toast?.done?.('alreadyReported')).toBeNull();
  });

  it('fails a refusal with the server words, and says what it is in the panel', async () => {
    const { context } = recordingContext([result(403, null, OversightErrors.cannotDispute)]);
    const step = await OUTBOX_KINDS.referralDispute.execute(action, context);
    expect(step).toMatchObject({ type: 'fail', error: OversightErrors.cannotDispute });
    const spec = OUTBOX_KINDS.referralDispute;
    expect(spec.label).toBe('Report a referral problem');
    expect(spec.describe?.(action.payload as never, 'ref-7')).toBe('Frontend Engineer at Acme');
  });
});
