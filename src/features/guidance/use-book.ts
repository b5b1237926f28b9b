/**
 * Booking a slot (issue 19 part 2/5): the booking always goes through the outbox (kind
 * guidanceBook), written to IndexedDB first and sent once with its Idempotency-Key, at once when
 * online, on reconnecting otherwise. This hook follows the queued action: "Booking…", "Saved,
 * sent when you are back online", then the booking (to pay for) or the plain ending of a slot
 * someone else took meanwhile. While the page follows it, the app-wide toast stays quiet.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BookingDto } from '@/domain/contract/guidance';
import { useConnectivity } from '@/lib/api';
import {
  SERVICE_UNAVAILABLE,
  SLOT_TAKEN,
  enqueueAction,
  guidanceBookSubject,
  parseBooking,
  useOutboxEvents,
  watchSubject,
  type GuidanceBookPayload,
} from '@/lib/outbox';
import { guidanceKeys } from './api/guidance-queries';

export type BookPhase =
  | { readonly kind: 'idle' }
  | {
      readonly kind: 'sending';
      readonly seq: number;
      readonly subject: string;
      readonly retrying: boolean;
    }
  | { readonly kind: 'booked'; readonly booking: BookingDto | null }
  | { readonly kind: 'taken' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'failed'; readonly error: string };

export function useBook(userId: string) {
  const [phase, setPhase] = useState<BookPhase>({ kind: 'idle' });
  const connectivity = useConnectivity();
  const queryClient = useQueryClient();
  const following = useRef<number | null>(null);
  const subject = phase.kind === 'sending' ? phase.subject : null;
  useEffect(() => (subject ? watchSubject(subject) : undefined), [subject]);

  useOutboxEvents((event) => {
    if (event.type !== 'changed' || following.current === null || event.seq !== following.current) {
      return;
    }
    if (event.state === 'done') {
      following.current = null;
      void queryClient.invalidateQueries({ queryKey: guidanceKeys.all });
      if (event.outcome === SLOT_TAKEN) setPhase({ kind: 'taken' });
      else if (event.outcome === SERVICE_UNAVAILABLE) setPhase({ kind: 'unavailable' });
      else setPhase({ kind: 'booked', booking: parseBooking({ data: event.result }) });
    } else if (event.state === 'failed') {
      following.current = null;
      setPhase({ kind: 'failed', error: event.error ?? 'Something went wrong' });
    } else if (event.state === 'discarded') {
      following.current = null;
      setPhase({ kind: 'idle' });
    } else if (event.state === 'pending' && event.error) {
      setPhase((p) => (p.kind === 'sending' ? { ...p, retrying: true } : p));
    } else if (event.state === 'sending') {
      setPhase((p) => (p.kind === 'sending' ? { ...p, retrying: false } : p));
    }
  });

  const book = useCallback(
    async (payload: GuidanceBookPayload) => {
      const subject = guidanceBookSubject(payload.serviceId, payload.startsAt);
      const queued = await enqueueAction({ kind: 'guidanceBook', userId, subject, payload });
      if (queued.status === 'cancelled') return;
      following.current = queued.action.seq!;
      setPhase({
        kind: 'sending',
        seq: queued.action.seq!,
        subject,
        retrying: queued.action.attempts > 0,
      });
    },
    [userId],
  );

  const reset = useCallback(() => {
    following.current = null;
    setPhase({ kind: 'idle' });
  }, []);

  const offline = connectivity === 'offline' || (phase.kind === 'sending' && phase.retrying);
  return { phase, offline, book, reset };
}
