/**
 * Request a referral: `POST /api/referrals` (issue 16; docs/api.md). The server evaluates it at
 * once and answers with a spec §4 result type, so every 2xx is delivered: the result type is the
 * outcome (RequestAccepted, RequestRejected, zeroReferral, …) and the parsed answer the result
 * the page shows in its dialog. The action's Idempotency-Key makes a replay (a lost answer, a
 * drain after reconnecting) return the first answer, so one tap makes one request and holds at
 * most one credit.
 */
import * as z from 'zod/mini';
import {
  ReferralResultSchema,
  referralResultDialog,
  type ReferralResult,
} from '../../../domain/contract/referrals';
import { classifyFailure, isOk } from '../classify';
import { defineKind, describeJob, type KindToast } from '../kind';
import type { HttpResult, StepResult } from '../model';

export interface ReferralRequestPayload {
  readonly companyId: string;
  /** A listed job of the company, or … */
  readonly jobId?: string;
  /** … a pasted link to one of its jobs (checked as an http(s) URL before queueing). */
  readonly jobUrl?: string;
  /** The job's title as the candidate saw it: sent with a pasted link, shown in the panel. */
  readonly jobTitle?: string;
  readonly note?: string;
  /** For the UI only (not sent). */
  readonly companyName?: string;
}

/** The outcome of an answer whose body this build cannot read: the dialog for unknown types. */
export const UNREADABLE_REFERRAL_RESULT = 'unknown';

/** What a delivered request's stored result is, for screens that read it back. */
export function parseReferralResult(value: unknown): ReferralResult | null {
  const parsed = z.safeParse(ReferralResultSchema, value);
  return parsed.success ? parsed.data.data : null;
}

/** The outbox's subject for a request: one open request per company job (or link). */
export function referralSubject(
  payload: Pick<ReferralRequestPayload, 'companyId' | 'jobId' | 'jobUrl'>,
) {
  return `referral:${payload.companyId}:${payload.jobId ?? payload.jobUrl ?? ''}`;
}

/** done with the §4 result type for any 2xx; the common rules for the rest (4xx fail). */
export function referralRequestOutcome(response: HttpResult): StepResult {
  if (isOk(response)) {
    const result = parseReferralResult(response.data);
    // Delivered either way: the server made its decision under this key, and a replay would
    // return the same unreadable answer. The page shows "Something went wrong" for it.
    if (!result) return { type: 'done', outcome: UNREADABLE_REFERRAL_RESULT };
    return { type: 'done', outcome: result.type, result };
  }
  return classifyFailure(response);
}

function toastFor(outcome: string | null | undefined): KindToast {
  const dialog = referralResultDialog(outcome ?? '');
  const level =
    outcome === 'RequestAccepted'
      ? 'success'
      : outcome === 'RequestRejected' || outcome === 'AlreadyRequested'
        ? 'info'
        : 'warning';
  // spec §4 dialog texts, as a notice for a request sent while the candidate was elsewhere.
  return { level, text: `Referral request: ${dialog.title}. ${dialog.message}` };
}

export const referralRequestKind = defineKind<ReferralRequestPayload>({
  label: 'Referral request',
  describe: (payload, subject) =>
    describeJob(
      { jobTitle: payload.jobTitle ?? payload.jobUrl, companyName: payload.companyName },
      subject,
    ),
  firstStep: 'send',
  // Asking again for the same job while one waits returns the waiting one (a failed one is put
  // back in line: asking again is a retry, never a second request).
  coalesce: { mode: 'subject', retryFailed: true },
  toast: {
    unlessWatched: true,
    done: toastFor,
    failed: (error) => ({
      level: 'error',
      text: `Referral request not sent: ${error ?? 'Something went wrong'}`,
    }),
  },
  async execute(action, context) {
    const { companyName: _forUi, ...payload } = action.payload as ReferralRequestPayload;
    const body = {
      companyId: payload.companyId,
      ...(payload.jobId ? { jobId: payload.jobId } : {}),
      ...(payload.jobUrl ? { jobUrl: payload.jobUrl } : {}),
      // The title goes with a pasted link only: a listed job's title is the server's.
      ...(payload.jobUrl && payload.jobTitle ? { jobTitle: payload.jobTitle } : {}),
      ...(payload.note ? { note: payload.note } : {}),
    };
    const response = await context.send({
      method: 'POST',
      url: `${context.apiUrl}/referrals`,
      body,
    });
    return referralRequestOutcome(response);
  },
});
