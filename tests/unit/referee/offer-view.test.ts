/**
 * What the inbox shows for an offer (issue 17): the referee's own queued action wins over the
 * server's answer (optimistic), a failed one shows its error over the server's state, an answer
 * that found the request gone says so, and the deadline reads "Answer within 2 days".
 */
import { describe, expect, it } from 'vitest';
import type { RefereeInboxItem } from '@/domain/contract/referees';
import { deadlineText, offerView } from '@/features/referee';
import type { OutboxEntry } from '@/lib/outbox';

const item = (over: Partial<RefereeInboxItem> = {}): RefereeInboxItem => ({
  requestId: 'ref-1',
  state: 'offered',
  answer: null,
  offeredAt: '2026-11-22T08:00:00.000Z',
  deadline: '2026-11-25T08:00:00.000Z',
  companyId: 'cmp',
  jobId: 'job',
  jobUrl: null,
  jobTitle: 'Engineer',
  note: '',
  matchScore: null,
  candidate: {
    name: 'Asha Rao',
    designation: null,
    yearsOfExperience: 3,
    location: null,
    coreSkills: [],
    softSkills: [],
    technicalSkills: [],
  },
  job: {
    title: 'Engineer',
    city: null,
    experienceMin: null,
    experienceMax: null,
    department: null,
  },
  cvAvailable: true,
  ...over,
});

const action = (kind: string, state: OutboxEntry['state'], lastError: string | null = null) =>
  ({ seq: 3, kind, state, lastError, subject: 'referee:ref-1' }) as unknown as OutboxEntry;

describe('offerView', () => {
  it('an open offer with nothing queued is open', () => {
    expect(offerView(item(), [], false)).toMatchObject({ status: 'open', queued: false });
  });

  it('a queued decline shows as declined, waiting to send (optimistic)', () => {
    expect(offerView(item(), [action('refereeDecline', 'pending')], false)).toMatchObject({
      status: 'declined',
      queued: true,
    });
  });

  it('a queued refer after a queued accept shows referred', () => {
    const actions = [action('refereeAccept', 'sending'), action('refereeRefer', 'pending')];
    expect(offerView(item(), actions, false).status).toBe('referred');
  });

  it('a failed action shows the server state with its error', () => {
    const view = offerView(item(), [action('refereeAccept', 'failed', 'Nope')], false);
    expect(view).toMatchObject({ status: 'open', queued: false, error: 'Nope' });
  });

  it('an answer that found the request gone is said plainly', () => {
    const gone = item({ state: 'approved', answer: 'timedOut', deadline: null });
    expect(offerView(gone, [], true).status).toBe('noLongerOffered');
    expect(offerView(gone, [], false).status).toBe('timedOut');
  });

  it('server answers map to statuses', () => {
    expect(offerView(item({ state: 'accepted', answer: 'accepted' }), [], false).status).toBe(
      'accepted',
    );
    expect(offerView(item({ state: 'referred', answer: 'referred' }), [], false).status).toBe(
      'referred',
    );
    expect(offerView(item({ state: 'expired' }), [], false).status).toBe('withdrawn');
    // issue 21: accepted, then passed on when the refer window ended: no "Mark as referred".
    expect(offerView(item({ state: 'offered', answer: 'accepted' }), [], false).status).toBe(
      'passedOn',
    );
  });
});

describe('deadlineText', () => {
  const now = Date.parse('2026-11-23T08:00:00.000Z');
  it('days, hours, and an ended window', () => {
    expect(deadlineText('2026-11-25T08:00:00.000Z', 'open', now)).toBe('Answer within 2 days');
    expect(deadlineText('2026-11-23T13:00:00.000Z', 'open', now)).toBe('Answer within 5 hours');
    expect(deadlineText('2026-11-30T08:00:00.000Z', 'accepted', now)).toBe('Refer within 7 days');
    expect(deadlineText('2026-11-23T07:00:00.000Z', 'open', now)).toBe('Answer window ended');
    expect(deadlineText('2026-11-25T08:00:00.000Z', 'declined', now)).toBeNull();
  });
});
