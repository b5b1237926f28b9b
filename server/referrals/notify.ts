/**
 * Push notifications for referral state changes (issue 16 part 7): the service collects a
 * `ReferralNotice` per change while it writes, and the routes send them after the response
 * through app.backgroundTasks (a notification never delays or fails the change it reports).
 * Candidates are told every change of their request; referees are told about new offers, and
 * when a request they hold is withdrawn or acknowledged. Texts never name the referee before
 * they accept (issue 17: referees stay anonymous until then).
 */
import { inArray } from 'drizzle-orm';
import {
  DECLINE_REASONS,
  ReferralPages,
  ReferralLimits,
} from '../../src/domain/contract/referrals';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { PushMessage } from '../push/push-sender';

export type NoticeKind =
  | 'offered'
  | 'approved'
  | 'rejected'
  | 'accepted'
  | 'declined'
  | 'referred'
  | 'acknowledged'
  | 'expired'
  | 'cancelled'
  | 'withdrawn';

export interface ReferralNotice {
  readonly kind: NoticeKind;
  /** users.id of whoever is told. */
  readonly to: string;
  readonly requestId: string;
  readonly jobTitle: string | null;
  readonly companyName: string;
  /** declined: the reason's code and the referee's words, and whether it went to someone else. */
  readonly reason?: string | null;
  readonly reasonText?: string | null;
  readonly passedOn?: boolean;
}

export function noticeMessage(notice: ReferralNotice): PushMessage {
  const job = `${notice.jobTitle ?? 'a job'} at ${notice.companyName}`;
  const own = ReferralPages.request(notice.requestId);
  const tag = `referral-${notice.requestId}`;
  switch (notice.kind) {
    case 'offered':
      return {
        title: 'New referral request',
        body: `A candidate asks you for a referral to ${job}. Please answer within ${ReferralLimits.responseWindowHours} hours.`,
        url: ReferralPages.refereeInbox,
        tag,
      };
    case 'approved':
      return {
        title: 'Referral request accepted',
        body: `Your CV will be sent to the best referee for ${job}.`,
        url: own,
        tag,
      };
    case 'rejected':
      return {
        title: 'Not a good match',
        body: `Your request for ${job} was not accepted. See the feedback.`,
        url: own,
        tag,
      };
    case 'accepted':
      return {
        title: 'A referee accepted your request',
        body: `A referee at ${notice.companyName} will refer you for ${notice.jobTitle ?? 'the job'}.`,
        url: own,
        tag,
      };
    case 'declined': {
      const why =
        notice.reasonText ||
        (notice.reason ? DECLINE_REASONS[notice.reason as keyof typeof DECLINE_REASONS] : null) ||
        'No reason given.';
      const next = notice.passedOn
        ? 'We passed your request to another referee.'
        : 'No other referee is available: the request expired and your credit is back.';
      return {
        title: 'A referee declined your request',
        body: `${job}: ${why} ${next}`,
        url: own,
        tag,
      };
    }
    case 'referred':
      return {
        title: 'You were referred',
        body: `A referee submitted your referral for ${job}.`,
        url: own,
        tag,
      };
    case 'acknowledged':
      return {
        title: 'Referral acknowledged',
        body: `The candidate you referred for ${job} thanked you.`,
        url: ReferralPages.refereeInbox,
        tag,
      };
    case 'expired':
      return {
        title: 'Referral request expired',
        body: `Your request for ${job} expired; your credit is back.`,
        url: own,
        tag,
      };
    case 'cancelled':
      return {
        title: 'Referral request cancelled',
        body: `Your request for ${job} was cancelled; your credit is back.`,
        url: own,
        tag,
      };
    case 'withdrawn':
      return {
        title: 'Referral request withdrawn',
        body: `The request for ${job} is no longer waiting for you.`,
        url: ReferralPages.refereeInbox,
        tag,
      };
  }
}

export interface NoticeSender {
  toUsers: (identityIds: readonly string[], message: PushMessage) => Promise<number>;
}

/** Sends each notice to its user's devices (push subscriptions are keyed by identity sub). */
export async function sendNotices(
  db: Database,
  sender: NoticeSender,
  notices: readonly ReferralNotice[],
): Promise<number> {
  if (notices.length === 0) return 0;
  const ids = [...new Set(notices.map((notice) => notice.to))];
  const rows = await db
    .select({ id: users.id, sub: users.cognitoSub })
    .from(users)
    .where(inArray(users.id, ids));
  const identity = new Map(rows.map((row) => [row.id, row.sub ?? row.id]));
  let reached = 0;
  for (const notice of notices) {
    const to = identity.get(notice.to);
    if (to) reached += await sender.toUsers([to], noticeMessage(notice));
  }
  return reached;
}
