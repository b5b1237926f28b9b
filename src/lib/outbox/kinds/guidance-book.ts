/**
 * Book a guidance session or order an async service: `POST /api/guidance/bookings` (issue 19).
 * Queued like every write, so a candidate can pick a slot on a train; the hold (GuidanceLimits
 * .holdMinutes) starts when the server takes the booking, and paying needs a connection.
 *
 * A slot someone else took while this action waited is an ending the candidate should read, not
 * an error to retry: delivered with the outcome `slotTaken` and a notice that nothing was
 * charged (nothing is charged before a booking exists). A paused referee or a withdrawn service
 * ends the same way as `unavailable`.
 */
import * as z from 'zod/mini';
import {
  BookingOneSchema,
  GuidanceErrors,
  type CreateBookingInput,
} from '../../../domain/contract/guidance';
import { classifyFailure, isOk } from '../classify';
import { defineKind, type KindToast } from '../kind';
import type { StepResult } from '../model';

export interface GuidanceBookPayload {
  readonly serviceId: string;
  /** Live kinds: the chosen free slot (ISO instant). */
  readonly startsAt?: string;
  readonly note?: string;
  /** For the UI only (not sent): "Mock interview at Monsoon Learning, Tomorrow, 4:30 pm IST". */
  readonly serviceLabel?: string;
  readonly companyName?: string;
  readonly whenText?: string;
}

export const SLOT_TAKEN = 'slotTaken';
export const SERVICE_UNAVAILABLE = 'unavailable';

/** The notice for a booking whose slot was taken while it waited (issue 19 part 5). */
export const SLOT_TAKEN_TEXT = `${GuidanceErrors.slotTaken} Nothing was charged.`;
export const SERVICE_UNAVAILABLE_TEXT =
  'This service is not taking bookings right now. Nothing was charged.';

/** One subject per service and slot: booking the same slot twice is one booking. */
export function guidanceBookSubject(serviceId: string, startsAt?: string): string {
  return `guidance-book:${serviceId}:${startsAt ?? 'order'}`;
}

const TAKEN: readonly string[] = [GuidanceErrors.slotTaken, GuidanceErrors.slotNotOffered];
const GONE: readonly string[] = [GuidanceErrors.refereePaused, GuidanceErrors.serviceNotFound];

export function classifyBooking(response: {
  status: number;
  errorMsg: string | null;
  data: unknown;
}): StepResult {
  if (isOk(response)) {
    const booking = z.safeParse(BookingOneSchema, response.data);
    return booking.success
      ? { type: 'done', outcome: 'booked', result: booking.data.data }
      : { type: 'done', outcome: 'booked' };
  }
  const message = response.errorMsg ?? '';
  if (response.status === 409 && TAKEN.includes(message))
    return { type: 'done', outcome: SLOT_TAKEN };
  if ((response.status === 409 || response.status === 404) && GONE.includes(message)) {
    return { type: 'done', outcome: SERVICE_UNAVAILABLE };
  }
  return classifyFailure(response);
}

export const guidanceBookKind = defineKind<GuidanceBookPayload>({
  label: 'Book guidance',
  describe: (payload, subject) => {
    const what = [payload.serviceLabel, payload.companyName && `at ${payload.companyName}`]
      .filter(Boolean)
      .join(' ');
    if (!what) return subject;
    return payload.whenText ? `${what}, ${payload.whenText}` : what;
  },
  firstStep: 'send',
  coalesce: { mode: 'subject', retryFailed: true },
  toast: {
    // The company page follows its own booking and says all of this itself.
    unlessWatched: true,
    done: (outcome): KindToast | null =>
      outcome === SLOT_TAKEN
        ? { level: 'warning', text: SLOT_TAKEN_TEXT }
        : outcome === SERVICE_UNAVAILABLE
          ? { level: 'warning', text: SERVICE_UNAVAILABLE_TEXT }
          : {
              level: 'info',
              text: 'Booked. Pay in My sessions to keep your slot.',
            },
    failed: (error) => ({
      level: 'error',
      text: `Booking failed: ${error ?? 'Something went wrong'}`,
    }),
  },
  async execute(action, context) {
    const payload = action.payload as GuidanceBookPayload;
    const note = payload.note?.trim();
    const body: CreateBookingInput = {
      serviceId: payload.serviceId,
      ...(payload.startsAt ? { startsAt: payload.startsAt } : {}),
      ...(note ? { note } : {}),
    };
    const response = await context.send({
      method: 'POST',
      url: `${context.apiUrl}/guidance/bookings`,
      body,
    });
    return classifyBooking(response);
  },
});
