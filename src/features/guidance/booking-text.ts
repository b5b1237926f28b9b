/**
 * The words and numbers of the guidance screens (issue 19), kept out of the components so they
 * are tested once: fees, a service's terms, a booking's time and state, and the cut-off rule.
 */
import {
  BOOKING_STATE_LABELS,
  GuidanceLimits,
  SERVICE_KIND_LABELS,
  isLiveKind,
  type BookingDto,
  type BookingState,
  type ServiceKind,
} from '@/domain/contract/guidance';
import { formatRupees } from '@/domain/contract/payments';
import { timeText, whenText, dayLabel, timeZoneName } from './slot-days';

const HOUR_MS = 60 * 60 * 1000;

/** Fees are whole rupees in the contract: "₹499". */
export const feeText = (rupees: number) => formatRupees(rupees * 100);

/** "45 min video call" / "Delivered within 3 days". */
export function termsText(service: {
  kind: ServiceKind;
  durationMinutes: number | null;
  deliveryDays: number | null;
}): string {
  if (isLiveKind(service.kind)) return `${service.durationMinutes ?? '—'} min video call`;
  const days = service.deliveryDays ?? GuidanceLimits.defaultDeliveryDays;
  return `Delivered within ${days} ${days === 1 ? 'day' : 'days'}`;
}

export const kindLabel = (kind: ServiceKind) => SERVICE_KIND_LABELS[kind];

export function stateLabel(state: BookingState): string {
  return BOOKING_STATE_LABELS[state];
}

export function stateColour(state: BookingState): string {
  switch (state) {
    case 'confirmed':
    case 'paid':
      return 'green';
    case 'delivered':
    case 'reviewed':
      return 'blue';
    case 'requested':
      return 'yellow';
    default:
      return 'gray';
  }
}

/** Bookings still ahead (the slot is held or the work not done): "Upcoming". */
export function isUpcoming(booking: Pick<BookingDto, 'state'>): boolean {
  return booking.state === 'requested' || booking.state === 'paid' || booking.state === 'confirmed';
}

/** When the session is, or when the async order is due, in the viewer's zone. */
export function bookingWhen(
  booking: Pick<BookingDto, 'startsAt' | 'dueAt' | 'kind'>,
  timeZone: string,
  now: Date = new Date(),
): string | null {
  if (booking.startsAt) return whenText(booking.startsAt, timeZone, now);
  if (booking.dueAt) return `Due ${whenText(booking.dueAt, timeZone, now)}`;
  return null;
}

/** The last moment either side may cancel or move a live session (contract cutoffHours). */
export function cutoffAt(startsAt: string): Date {
  return new Date(new Date(startsAt).getTime() - GuidanceLimits.cutoffHours * HOUR_MS);
}

/**
 * The cut-off explained before anyone presses Cancel: "Free to cancel or move until Wed, 25 Nov,
 * 10:30 pm IST (12 hours before the start)." or why it has passed.
 */
export function cutoffText(
  booking: Pick<BookingDto, 'startsAt' | 'kind' | 'role'>,
  timeZone: string,
  now: Date = new Date(),
): string {
  const hours = GuidanceLimits.cutoffHours;
  if (!booking.startsAt) {
    return `An order can be cancelled with a full refund within ${hours} hours of paying, or if it is not delivered by its due date.`;
  }
  const cutoff = cutoffAt(booking.startsAt);
  const when = `${dayLabel(cutoff, timeZone, now)}, ${timeText(cutoff, timeZone)} ${timeZoneName(timeZone, cutoff)}`;
  if (now.getTime() < cutoff.getTime()) {
    return booking.role === 'referee'
      ? `Move it until ${when} (${hours} hours before the start). If you cancel, the candidate gets a full refund, and frequent changes pause your services.`
      : `Cancel with a full refund, or move it, until ${when} (${hours} hours before the start).`;
  }
  return booking.role === 'referee'
    ? `It is less than ${hours} hours to the start: it can no longer be moved. If you cancel, the candidate gets a full refund.`
    : `It is less than ${hours} hours to the start, so it can no longer be cancelled or moved.`;
}

/** "4.7 ★ (12)" or "New". */
export function ratingText(rating: { average: number | null; count: number }): string {
  if (rating.average === null || rating.count === 0) return 'New';
  return `${rating.average.toFixed(1)} ★ (${rating.count})`;
}

export function experienceText(years: number | null): string | null {
  if (years === null) return null;
  return `${years} ${years === 1 ? 'year' : 'years'} experience`;
}
