/**
 * Sending a referral request (issue 16 parts 5-6). The request always goes through the outbox
 * (kind referralRequest): written to IndexedDB first, then sent once with its Idempotency-Key by
 * the service worker or the page, at once when online, on reconnecting otherwise. This hook
 * follows the queued action: the spec §4 loader steps while it is on its way, "queued" when the
 * connection is gone, and the result dialog when the server's answer arrives (now, or later while
 * the page is still open). While the page shows it, the app-wide toast for it stays quiet.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReferralRequestDto } from '@/domain/contract/referrals';
import { useConnectivity } from '@/lib/api';
import type { SessionSummary } from '@/lib/auth';
import {
  enqueueAction,
  parseReferralResult,
  referralSubject,
  useOutboxEvents,
  watchSubject,
  type ReferralRequestPayload,
} from '@/lib/outbox';
import { referralKeys } from '@/lib/referrals';

export type RequestPhase =
  | { readonly kind: 'idle' }
  /** Queued and on its way (or waiting for the connection: see `offline`). */
  | {
      readonly kind: 'sending';
      readonly seq: number;
      readonly subject: string;
      /** A try failed for want of a network (or a busy server): it waits for the next one. */
      readonly retrying: boolean;
    }
  | {
      readonly kind: 'result';
      readonly type: string;
      readonly request: ReferralRequestDto | null;
    }
  | { readonly kind: 'failed'; readonly error: string };

export interface ReferralRequestState {
  readonly phase: RequestPhase;
  /** The connection is gone (or a try failed) while a request waits: the page says it is queued. */
  readonly offline: boolean;
  readonly submit: (payload: ReferralRequestPayload) => Promise<void>;
  readonly reset: () => void;
}

export function useReferralRequest(session: SessionSummary | null): ReferralRequestState {
  const [phase, setPhase] = useState<RequestPhase>({ kind: 'idle' });
  const connectivity = useConnectivity();
  const queryClient = useQueryClient();
  const subject = phase.kind === 'sending' ? phase.subject : null;
  // The action followed, set before the state update lands: its answer may arrive before the
  // next render.
  const following = useRef<number | null>(null);

  useEffect(() => (subject ? watchSubject(subject) : undefined), [subject]);

  useOutboxEvents((event) => {
    if (event.type !== 'changed' || following.current === null) return;
    if (event.seq !== following.current) return;
    if (event.state === 'done' || event.state === 'failed' || event.state === 'discarded') {
      following.current = null;
    }
    if (event.state === 'done') {
      const result = parseReferralResult({ data: event.result });
      setPhase({
        kind: 'result',
        type: result?.type ?? event.outcome ?? 'unknown',
        request: result?.request ?? null,
      });
      if (session) void queryClient.invalidateQueries({ queryKey: referralKeys.all(session.sub) });
    } else if (event.state === 'failed') {
      setPhase({ kind: 'failed', error: event.error ?? 'Something went wrong' });
    } else if (event.state === 'discarded') {
      setPhase({ kind: 'idle' });
    } else if (event.state === 'sending') {
      setPhase((current) =>
        current.kind === 'sending' ? { ...current, retrying: false } : current,
      );
    } else if (event.state === 'pending' && event.error) {
      setPhase((current) =>
        current.kind === 'sending' ? { ...current, retrying: true } : current,
      );
    }
  });

  const submit = useCallback(
    async (payload: ReferralRequestPayload) => {
      if (!session) return;
      const subject = referralSubject(payload);
      const queued = await enqueueAction({
        kind: 'referralRequest',
        userId: session.sub,
        subject,
        payload,
      });
      if (queued.status === 'cancelled') return;
      following.current = queued.action.seq!;
      setPhase({
        kind: 'sending',
        seq: queued.action.seq!,
        subject,
        retrying: queued.action.attempts > 0,
      });
    },
    [session],
  );

  const reset = useCallback(() => {
    following.current = null;
    setPhase({ kind: 'idle' });
  }, []);

  const offline = connectivity === 'offline' || (phase.kind === 'sending' && phase.retrying);
  return { phase, offline, submit, reset };
}
