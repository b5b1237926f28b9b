/**
 * A screen that follows the one action it queued (a referral request, a booking) from "on its
 * way" to its answer: the phase to show, and whether it waits for the connection (the page then
 * says it is queued). While the screen follows the action, the app-wide toast for it stays quiet
 * (watchSubject). What a delivered action means is the screen's own: `onDone` turns the event
 * into its ending phase.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useConnectivity } from '../api/use-connectivity';
import { watchSubject } from './channel';
import { useOutboxEvents } from './hooks';
import type { OutboxEvent } from './model';
import type { EnqueueResult } from './store';

export type DeliveredEvent = Extract<OutboxEvent, { type: 'changed' }>;

/** Queued and on its way (or waiting for the connection: see `offline`). */
interface Sending {
  readonly kind: 'sending';
  readonly seq: number;
  readonly subject: string;
  /** A try failed for want of a network (or a busy server): it waits for the next one. */
  readonly retrying: boolean;
}

/** The phases of every followed action, and the screen's own endings (named otherwise). */
export type FollowedPhase<Ending> =
  | { readonly kind: 'idle' }
  | Sending
  | Ending
  | { readonly kind: 'failed'; readonly error: string };

export interface FollowedAction<Ending> {
  readonly phase: FollowedPhase<Ending>;
  /** The connection is gone (or a try failed) while the action waits. */
  readonly offline: boolean;
  /** Follows what `enqueueAction` queued under `subject` (nothing when it cancelled out). */
  readonly follow: (subject: string, queued: EnqueueResult) => void;
  readonly reset: () => void;
}

const isSending = <Ending>(phase: FollowedPhase<Ending>): phase is Sending =>
  (phase as { kind: string }).kind === 'sending';

export function useFollowedAction<Ending extends { readonly kind: string }>(
  onDone: (event: DeliveredEvent) => Ending,
): FollowedAction<Ending> {
  const [phase, setPhase] = useState<FollowedPhase<Ending>>({ kind: 'idle' });
  const connectivity = useConnectivity();
  // The action followed, set before the state update lands: its answer may arrive before the
  // next render.
  const following = useRef<number | null>(null);
  const subject = isSending(phase) ? phase.subject : null;
  useEffect(() => (subject ? watchSubject(subject) : undefined), [subject]);

  useOutboxEvents((event) => {
    if (event.type !== 'changed' || following.current === null) return;
    if (event.seq !== following.current) return;
    const retrying = (value: boolean) =>
      setPhase((current) => (isSending(current) ? { ...current, retrying: value } : current));
    if (event.state === 'done') {
      following.current = null;
      setPhase(onDone(event));
    } else if (event.state === 'failed') {
      following.current = null;
      setPhase({ kind: 'failed', error: event.error ?? 'Something went wrong' });
    } else if (event.state === 'discarded') {
      following.current = null;
      setPhase({ kind: 'idle' });
    } else if (event.state === 'sending') {
      retrying(false);
    } else if (event.state === 'pending' && event.error) {
      retrying(true);
    }
  });

  const follow = useCallback((subject: string, queued: EnqueueResult) => {
    if (queued.status === 'cancelled') return;
    const seq = queued.action.seq!;
    following.current = seq;
    setPhase({ kind: 'sending', seq, subject, retrying: queued.action.attempts > 0 });
  }, []);

  const reset = useCallback(() => {
    following.current = null;
    setPhase({ kind: 'idle' });
  }, []);

  const offline = connectivity === 'offline' || (isSending(phase) && phase.retrying);
  return { phase, offline, follow, reset };
}
