/**
 * What the inbox shows for one offer (issue 17): the server's answer overlaid with the referee's
 * own actions still on this device (applied optimistically: a decline made on a train shows as
 * declined at once), and the texts for deadlines and endings. Pure, so it is tested without a
 * browser.
 */
import type { RefereeInboxItem } from '@/domain/contract/referees';
import { DECLINE_REASONS, type DeclineReason } from '@/domain/contract/referrals';
import type { OutboxEntry } from '@/lib/outbox';

export type OfferStatus =
  | 'open'
  | 'accepted'
  | 'declined'
  | 'referred'
  | 'timedOut'
  | 'withdrawn'
  | 'noLongerOffered'
  | 'passedOn';

export interface OfferView {
  readonly status: OfferStatus;
  /** Waiting on this device to be sent (optimistic). */
  readonly queued: boolean;
  /** The last of this offer's actions failed: its error. */
  readonly error: string | null;
  readonly seq: number | null;
}

const KIND_STATUS: Record<string, OfferStatus> = {
  refereeAccept: 'accepted',
  refereeDecline: 'declined',
  refereeRefer: 'referred',
};

export const REFEREE_KINDS = new Set(Object.keys(KIND_STATUS));

function serverStatus(item: RefereeInboxItem): OfferStatus {
  if (item.answer === 'accepted') {
    if (item.state === 'referred') return 'referred';
    // issue 21: accepted, then taken back (the refer window ended) or ended: not theirs to mark
    // referred any more, but they may say they did (a dispute for an admin).
    return item.state === 'accepted' ? 'accepted' : 'passedOn';
  }
  if (item.answer) return item.answer;
  if (item.state === 'offered') return 'open';
  return 'withdrawn';
}

/**
 * `actions`: this user's open referee actions for the item's subject, oldest first.
 * `noLongerOffered`: the outbox delivered an answer the server no longer wanted.
 */
export function offerView(
  item: RefereeInboxItem,
  actions: readonly OutboxEntry[],
  noLongerOffered: boolean,
): OfferView {
  const last = actions.at(-1);
  if (last && last.state !== 'failed') {
    return {
      status: KIND_STATUS[last.kind] ?? 'open',
      queued: true,
      error: null,
      seq: last.seq ?? null,
    };
  }
  const status = serverStatus(item);
  if (noLongerOffered && (status === 'open' || status === 'timedOut' || status === 'withdrawn')) {
    return { status: 'noLongerOffered', queued: false, error: null, seq: null };
  }
  return {
    status,
    queued: false,
    error: last?.lastError ?? null,
    seq: last?.seq ?? null,
  };
}

export const STATUS_TEXT: Record<OfferStatus, string> = {
  open: 'Waiting for your answer',
  accepted: 'You accepted: refer the candidate, then mark it as referred',
  declined: 'You declined',
  referred: 'You referred this candidate',
  timedOut: 'Passed on: the answer window ended',
  withdrawn: 'This request has ended',
  noLongerOffered:
    'Your answer was not sent: this request expired or was passed on while you were offline',
  passedOn: 'Passed on: the refer window ended after you accepted',
};

const HOUR_MS = 60 * 60 * 1000;

/** "Answer within 2 days" / "… 5 hours" (the response window, decisions.md). */
export function deadlineText(deadline: string | null, status: OfferStatus, now = Date.now()) {
  if (!deadline || (status !== 'open' && status !== 'accepted')) return null;
  const left = new Date(deadline).getTime() - now;
  const verb = status === 'open' ? 'Answer' : 'Refer';
  if (!Number.isFinite(left)) return null;
  if (left <= 0) return `${verb} window ended`;
  const hours = Math.ceil(left / HOUR_MS);
  if (hours < 24) return `${verb} within ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const days = Math.floor(hours / 24);
  return `${verb} within ${days} ${days === 1 ? 'day' : 'days'}`;
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export const DECLINE_REASON_OPTIONS = (Object.keys(DECLINE_REASONS) as DeclineReason[]).map(
  (value) => ({ value, label: DECLINE_REASONS[value] }),
);
