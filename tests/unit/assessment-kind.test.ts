/**
 * The assessmentCreate outbox kind (issue 21 item 4): it POSTs the contract's body to the
 * person's assessments, a 201 is done, a refusal (400/403/404) fails with the server's words, a
 * 5xx is retried, and each assessment is its own action (nothing merges them: history).
 */
import { describe, expect, it } from 'vitest';
import { OUTBOX_KINDS } from '@/lib/outbox/kinds';
import { API, makeAction, recordingContext, result } from './outbox/helpers';

const input = { skillsVerified: ['Go'], communication: 5, experienceFit: 4, overall: 91 };
const payload = { userId: 'usr-ref-meghna-rao', input, who: 'Meghna Rao' };
const kind = OUTBOX_KINDS.assessmentCreate;

describe('assessmentCreate', () => {
  it('posts the assessment to the person and is done on 201', async () => {
    const { context, calls } = recordingContext([result(201, { data: {} })]);
    const step = await kind.execute(makeAction({ kind: 'assessmentCreate', payload }), context);
    expect(step).toEqual({ type: 'done', outcome: 'saved' });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['POST', `${API}/evaluator/people/usr-ref-meghna-rao/assessments`],
    ]);
    expect(calls[0]!.body).toEqual(input);
  });

  it('fails on a refusal with its words, retries a 5xx', async () => {
    const { context } = recordingContext([
      result(400, null, '“Cobol” is not one of this person’s skills'),
      result(503, null, 'Busy'),
    ]);
    const action = makeAction({ kind: 'assessmentCreate', payload });
    expect(await kind.execute(action, context)).toEqual({
      type: 'fail',
      error: '“Cobol” is not one of this person’s skills',
    });
    expect((await kind.execute(action, context)).type).toBe('retry');
  });

  it('never merges two assessments and names the person and score in the panel', () => {
    expect(kind.coalesce).toEqual({ mode: 'none' });
    expect(kind.describe?.(payload, 'usr-ref-meghna-rao')).toBe('Meghna Rao (91/100)');
    expect(kind.label).toBe('Assessment');
  });
});
