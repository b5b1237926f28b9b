/**
 * What the actions on one referral request share (issues 16, 17, 21 item 3): each is one
 * `POST /api/referrals/{id}/<action>` (server/referrals/routes.ts) with the action's own
 * Idempotency-Key. The referee's accept, decline and refer classify the answer in
 * ./referee-answer.ts; the candidate's acknowledge and either side's "Report a problem" are
 * declared through referralRequestKind below.
 */
import { classifyFailure, isOk } from '../classify';
import { defineKind, describeJob } from '../kind';
import type { HttpResult, StepContext } from '../model';

export type ReferralAction = 'accept' | 'decline' | 'refer' | 'acknowledge' | 'dispute';

/** One POST to the request's action path; `idempotencyKey` replaces the action's own key. */
export function postReferralAction(
  context: StepContext,
  requestId: string,
  action: ReferralAction,
  body: unknown,
  idempotencyKey?: string,
) {
  return context.send({
    method: 'POST',
    url: `${context.apiUrl}/referrals/${encodeURIComponent(requestId)}/${action}`,
    body,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

export interface ReferralJobPayload {
  readonly requestId: string;
  /** For the UI only (not sent). */
  readonly jobTitle?: string;
  readonly companyName?: string;
}

export interface ReferralRequestKindSpec<Payload extends ReferralJobPayload> {
  readonly label: string;
  readonly action: ReferralAction;
  readonly body: (payload: Payload) => unknown;
  /** The outcome of a 2xx, and its notice. */
  readonly done: string;
  readonly doneText: string;
  /**
   * A 409 saying it happened already (from another device, or a replay whose answer was lost)
   * is what the person wanted: done as `already`, without a second notice.
   */
  readonly already: string;
  readonly isAlready: (response: HttpResult) => boolean;
  /** The failure notice: "<failedText>: <the server's words>". */
  readonly failedText: string;
}

/**
 * A person's one-off action on a referral request, about "<job> at <company>": one open action
 * per request (asking again retries a failed one); any other refusal fails visibly with the
 * server's words (Retry / Discard in the panel).
 */
export function referralRequestKind<Payload extends ReferralJobPayload>(
  spec: ReferralRequestKindSpec<Payload>,
) {
  return defineKind<Payload>({
    label: spec.label,
    describe: describeJob,
    firstStep: 'send',
    coalesce: { mode: 'subject', retryFailed: true },
    toast: {
      done: (outcome) => (outcome === spec.done ? { level: 'success', text: spec.doneText } : null),
      failed: (error) => ({
        level: 'error',
        text: `${spec.failedText}: ${error ?? 'Something went wrong'}`,
      }),
    },
    async execute(action, context) {
      const payload = action.payload as Payload;
      const response = await postReferralAction(
        context,
        payload.requestId,
        spec.action,
        spec.body(payload),
      );
      if (isOk(response)) return { type: 'done', outcome: spec.done, result: response.data };
      if (response.status === 409 && spec.isAlready(response)) {
        return { type: 'done', outcome: spec.already };
      }
      return classifyFailure(response);
    },
  });
}
