/**
 * Booking a slot (issue 19 part 2/5): the booking always goes through the outbox (kind
 * guidanceBook), written to IndexedDB first and sent once with its Idempotency-Key, at once when
 * online, on reconnecting otherwise. This hook follows the queued action: "Booking…", "Saved,
 * sent when you are back online", then the booking (to pay for) or the plain ending of a slot
 * someone else took meanwhile. While the page follows it, the app-wide toast stays quiet.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BookingDto } from '@/domain/contract/guidance';
import {
  SERVICE_UNAVAILABLE,
  SLOT_TAKEN,
  enqueueAction,
  guidanceBookSubject,
  parseBooking,
  useFollowedAction,
  type FollowedPhase,
  type GuidanceBookPayload,
} from '@/lib/outbox';
import { guidanceKeys } from './api/guidance-queries';

export type BookPhase = FollowedPhase<BookEnding>;

type BookEnding =
  | { readonly kind: 'booked'; readonly booking: BookingDto | null }
  | { readonly kind: 'taken' }
  | { readonly kind: 'unavailable' };

export function useBook(userId: string) {
  const queryClient = useQueryClient();
  const { phase, offline, follow, reset } = useFollowedAction<BookEnding>((event) => {
    void queryClient.invalidateQueries({ queryKey: guidanceKeys.all });
    if (event.outcome === SLOT_TAKEN) return { kind: 'taken' };
    if (event.outcome === SERVICE_UNAVAILABLE) return { kind: 'unavailable' };
    return { kind: 'booked', booking: parseBooking({ data: event.result }) };
  });

  const book = useCallback(
    async (payload: GuidanceBookPayload) => {
      const subject = guidanceBookSubject(payload.serviceId, payload.startsAt);
      follow(subject, await enqueueAction({ kind: 'guidanceBook', userId, subject, payload }));
    },
    [userId, follow],
  );

  return { phase, offline, book, reset };
}
