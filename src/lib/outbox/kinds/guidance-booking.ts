/**
 * What the guidance booking kinds share (issue 19 part 3/4): cancel, reschedule, meeting link,
 * no-show and rate are one `POST /api/guidance/bookings/{id}/<action>` each; deliver
 * (./guidance-deliver.ts) adds an upload. The server answers 2xx with the booking, or 409
 * `{ errorMsg, state }` when the booking moved on. A 409 showing the state this action leads to
 * is a replay whose answer was lost: delivered. Any other refusal (inside the cut-off, the slot
 * taken, the booking moved on) stays visible with the server's words, so the person reads why.
 * Every action on one booking waits in one line, so a cancel never overtakes a reschedule.
 */
import * as z from 'zod/mini';
import {
  BOOKING_STATES,
  BookingOneSchema,
  type BookingState,
} from '../../../domain/contract/guidance';
import { classifyFailure, isOk } from '../classify';
import { defineKind, type Coalescing, type KindToast } from '../kind';
import type { HttpResult, StepContext, StepResult } from '../model';

export interface GuidanceBookingPayload {
  readonly bookingId: string;
  /** For the UI only (not sent): "Mock interview, Tomorrow, 4:30 pm IST". */
  readonly label?: string;
}

export interface GuidanceCancelPayload extends GuidanceBookingPayload {
  readonly reason?: string;
}
export interface GuidanceReschedulePayload extends GuidanceBookingPayload {
  readonly startsAt: string;
}
export interface GuidanceLinkPayload extends GuidanceBookingPayload {
  readonly meetingUrl: string;
}
export interface GuidanceRatePayload extends GuidanceBookingPayload {
  readonly rating: number;
  readonly review?: string;
}

/** Every action on one booking shares this line (design/outbox.md "Order"). */
export const GUIDANCE_BOOKING_LINE = 'guidanceBooking';

export function guidanceBookingSubject(bookingId: string): string {
  return `guidance:${bookingId}`;
}

export const describeBooking = (payload: GuidanceBookingPayload, subject: string) =>
  payload.label?.trim() || subject;

/** The booking the server answered with, when it parses. */
export function parseBooking(value: unknown) {
  const parsed = z.safeParse(BookingOneSchema, value);
  return parsed.success ? parsed.data.data : null;
}

const ConflictSchema = z.object({ state: z.enum(BOOKING_STATES) });

export function classifyBookingAnswer(
  response: HttpResult,
  doneOutcome: string,
  alreadyStates: readonly BookingState[],
): StepResult {
  if (isOk(response)) {
    const booking = parseBooking(response.data);
    return booking
      ? { type: 'done', outcome: doneOutcome, result: booking }
      : { type: 'done', outcome: doneOutcome };
  }
  if (response.status === 409) {
    const conflict = z.safeParse(ConflictSchema, response.data);
    if (conflict.success && alreadyStates.includes(conflict.data.state)) {
      return { type: 'done', outcome: `already:${doneOutcome}` };
    }
  }
  return classifyFailure(response);
}

export function bookingToast(doneText: string, failedText: string) {
  return {
    done: (outcome: string | null | undefined): KindToast | null =>
      outcome?.startsWith('already:') ? null : { level: 'success', text: doneText },
    failed: (error: string | null | undefined): KindToast | null => ({
      level: 'error',
      text: `${failedText}: ${error ?? 'Something went wrong'}`,
    }),
  };
}

/** One POST to the booking's action path with the action's own Idempotency-Key. */
export function postBookingAction(
  context: StepContext,
  bookingId: string,
  path: string,
  body: unknown,
) {
  return context.send({
    method: 'POST',
    url: `${context.apiUrl}/guidance/bookings/${encodeURIComponent(bookingId)}/${path}`,
    body,
  });
}

export interface BookingActionSpec<Payload extends GuidanceBookingPayload> {
  readonly label: string;
  readonly coalesce: Coalescing;
  readonly toast: ReturnType<typeof bookingToast>;
  /** The action's path under the booking: cancel, reschedule, link, no-show, rate. */
  readonly path: string;
  readonly body: (payload: Payload) => unknown;
  /** The outcome of a 2xx; a 409 in one of `alreadyStates` is `already:<outcome>`. */
  readonly outcome: string;
  readonly alreadyStates: readonly BookingState[];
}

/** A one-POST booking action, waiting in the booking's line and described by its label. */
function bookingActionKind<Payload extends GuidanceBookingPayload>(
  spec: BookingActionSpec<Payload>,
) {
  return defineKind<Payload>({
    label: spec.label,
    describe: describeBooking,
    firstStep: 'send',
    line: GUIDANCE_BOOKING_LINE,
    coalesce: spec.coalesce,
    toast: spec.toast,
    async execute(action, context) {
      const payload = action.payload as Payload;
      const response = await postBookingAction(
        context,
        payload.bookingId,
        spec.path,
        spec.body(payload),
      );
      return classifyBookingAnswer(response, spec.outcome, spec.alreadyStates);
    },
  });
}

export const guidanceCancelKind = bookingActionKind<GuidanceCancelPayload>({
  label: 'Cancel session',
  coalesce: { mode: 'subject', retryFailed: true },
  toast: bookingToast('Session cancelled.', 'Cancelling failed'),
  path: 'cancel',
  body: (payload) => {
    const reason = payload.reason?.trim();
    return reason ? { reason } : {};
  },
  outcome: 'cancelled',
  alreadyStates: ['cancelled'],
});

export const guidanceRescheduleKind = bookingActionKind<GuidanceReschedulePayload>({
  label: 'Move session',
  // Each move is a wish of its own; the line keeps them in order, the last one wins.
  coalesce: { mode: 'none' },
  toast: bookingToast('Session moved.', 'Moving the session failed'),
  path: 'reschedule',
  body: (payload) => ({ startsAt: payload.startsAt }),
  outcome: 'rescheduled',
  alreadyStates: [],
});

export const guidanceLinkKind = bookingActionKind<GuidanceLinkPayload>({
  label: 'Meeting link',
  coalesce: { mode: 'none' },
  toast: bookingToast('Meeting link saved.', 'Saving the meeting link failed'),
  path: 'link',
  body: (payload) => ({ meetingUrl: payload.meetingUrl.trim() }),
  outcome: 'linked',
  alreadyStates: [],
});

export const guidanceNoShowKind = bookingActionKind<GuidanceBookingPayload>({
  label: 'Mark as missed',
  coalesce: { mode: 'subject', retryFailed: true },
  toast: bookingToast('Marked as missed.', 'Marking as missed failed'),
  path: 'no-show',
  body: () => ({}),
  outcome: 'noShow',
  alreadyStates: ['no_show'],
});

export const guidanceRateKind = bookingActionKind<GuidanceRatePayload>({
  label: 'Rate session',
  coalesce: { mode: 'subject', retryFailed: true },
  toast: bookingToast('Thank you for your review.', 'Sending your review failed'),
  path: 'rate',
  body: (payload) => {
    const review = payload.review?.trim();
    return { rating: payload.rating, ...(review ? { review } : {}) };
  },
  outcome: 'rated',
  alreadyStates: ['reviewed'],
});
