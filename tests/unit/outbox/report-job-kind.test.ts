/**
 * The reportJob kind (issue 21 item 1): what it sends to the jobs host, how each answer is
 * classified (reported, already reported by this user, retried, failed with the server's words),
 * and its panel label and toasts.
 */
import { describe, expect, it } from 'vitest';
import { ReportErrors } from '@/domain/contract/admin-jobs';
import { kindSpec } from '@/lib/outbox/kinds';
import { JOBS_API, makeAction, recordingContext, result } from './helpers';

const payload = {
  jobId: 'job-7',
  reason: 'scam',
  note: '  Asked for ₹1,500  ',
  jobTitle: 'Data Entry Operator',
  companyName: 'Acme',
};
const action = makeAction({ kind: 'reportJob', payload, subject: 'job-7' });
const spec = kindSpec('reportJob')!;

describe('reportJob', () => {
  it('POSTs the reason and the trimmed note, not the UI-only labels', async () => {
    const { context, calls } = recordingContext([result(201, { data: {} })]);
    expect(await spec.execute(action, context)).toEqual({ type: 'done', outcome: 'reported' });
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: `${JOBS_API}/job/job-7/report`,
        body: { reason: 'scam', note: 'Asked for ₹1,500' },
      }),
    ]);
  });

  it('takes an earlier report of the same job as done', async () => {
    const { context } = recordingContext([result(200, { data: { alreadyReported: true } })]);
    expect(await spec.execute(action, context)).toEqual({
      type: 'done',
      outcome: 'alreadyReported',
    });
  });

  it('retries what may pass later and fails what will not, in the server’s words', async () => {
    const cases = [
      [result(503, null, 'Busy'), { type: 'retry', error: 'Busy' }],
      [result(401, null, 'expired'), { type: 'auth', error: 'Waiting for you to sign in again' }],
      [result(404, null, ReportErrors.notFound), { type: 'fail', error: ReportErrors.notFound }],
      [
        result(403, null, ReportErrors.seekersOnly),
        { type: 'fail', error: ReportErrors.seekersOnly },
      ],
    ] as const;
    for (const [response, expected] of cases) {
      const { context } = recordingContext([response]);
      expect(await spec.execute(action, context)).toEqual(expected);
    }
  });

  it('is named for people in the panel and toasts', () => {
    expect(spec.label).toBe('Report job');
    expect(spec.describe?.(payload as never, 'job-7')).toBe('Data Entry Operator at Acme');
    expect(spec.toast?.done?.('reported')?.text).toMatch(/moderators/);
    expect(spec.toast?.failed?.(ReportErrors.notFound)?.text).toBe(
      `Report not sent: ${ReportErrors.notFound}`,
    );
  });
});
