/**
 * What the tracker says about a request: the next step for each state and a line for each
 * timeline event. The state labels, result texts and reasons are the contract's
 * (src/domain/contract/referrals.ts); these sentences are the tracker's own (the spec shows no
 * referral lifecycle, §4).
 */
import {
  REFERRAL_STATE_LABELS,
  type ReferralAction,
  type ReferralEvent,
  type ReferralRequestDto,
} from '@/domain/contract/referrals';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});
const date = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : dateTime.format(time);
}

export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : date.format(time);
}

export function stateLabel(request: Pick<ReferralRequestDto, 'state'>): string {
  return REFERRAL_STATE_LABELS[request.state];
}

/** Mantine colour of the state badge: green done, red ended badly, grey ended, blue waiting. */
export function stateColour(request: Pick<ReferralRequestDto, 'state'>): string {
  switch (request.state) {
    case 'referred':
    case 'acknowledged':
      return 'green';
    case 'rejected':
      return 'red';
    case 'expired':
    case 'cancelled':
      return 'gray';
    case 'accepted':
      return 'teal';
    default:
      return 'blue';
  }
}

export function jobName(request: Pick<ReferralRequestDto, 'jobTitle' | 'jobUrl'>): string {
  return request.jobTitle ?? request.jobUrl ?? 'A job';
}

/** What happens next, in the candidate's words. */
export function nextStep(request: ReferralRequestDto): string {
  const due = request.deadline ? formatDateTime(request.deadline) : null;
  switch (request.state) {
    case 'requested':
      return 'We are checking your request.';
    case 'approved':
      return `We are finding the best referee at ${request.companyName}. Your credit is held, and only used when you are referred.`;
    case 'rejected':
      return 'Not a good match for this job. See why below, and ask for guidance to improve your chances.';
    case 'offered':
      return due
        ? `A referee at ${request.companyName} is looking at your profile and answers by ${due}.`
        : `A referee at ${request.companyName} is looking at your profile.`;
    case 'accepted': {
      const who = request.referee?.name ?? 'Your referee';
      return due
        ? `${who} accepted and will refer you by ${due}.`
        : `${who} accepted and will refer you.`;
    }
    case 'referred':
      return 'You have been referred. Acknowledge it once you have seen the referral.';
    case 'acknowledged':
      return 'Done. Good luck with your application!';
    case 'expired':
      return 'No referee could take it in time. Your credit was released: you can request again.';
    case 'cancelled':
      return 'This request was withdrawn. Your credit was released.';
  }
}

const EVENT_LINES: Record<ReferralAction, string> = {
  request: 'You requested a referral',
  approve: 'Accepted: your CV will be sent to the best referee',
  reject: 'Not a good match',
  offer: 'Offered to a referee',
  accept: 'A referee accepted',
  decline: 'A referee declined',
  timeOut: 'The referee did not answer in time',
  refer: 'You were referred',
  acknowledge: 'You acknowledged the referral',
  expire: 'Expired',
  cancel: 'Withdrawn',
};

export function eventLine(event: ReferralEvent): string {
  return EVENT_LINES[event.action];
}

/** Why referees declined it (shown to the candidate, issue 16). */
export function declineReasons(request: ReferralRequestDto): string[] {
  return request.timeline
    .filter((event) => event.action === 'decline' && event.text)
    .map((event) => event.text!);
}
