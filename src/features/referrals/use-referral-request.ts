/**
 * Sending a referral request (issue 16 parts 5-6). The request always goes through the outbox
 * (kind referralRequest): written to IndexedDB first, then sent once with its Idempotency-Key by
 * the service worker or the page, at once when online, on reconnecting otherwise. This hook
 * follows the queued action: the spec §4 loader steps while it is on its way, "queued" when the
 * connection is gone, and the result dialog when the server's answer arrives (now, or later while
 * the page is still open). While the page shows it, the app-wide toast for it stays quiet.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ReferralRequestDto } from '@/domain/contract/referrals';
import type { SessionSummary } from '@/lib/auth';
import {
  enqueueAction,
  parseReferralResult,
  referralSubject,
  useFollowedAction,
  type FollowedPhase,
  type ReferralRequestPayload,
} from '@/lib/outbox';
import { referralKeys } from '@/lib/referrals';

export type RequestPhase = FollowedPhase<RequestEnding>;

type RequestEnding = {
  readonly kind: 'result';
  readonly type: string;
  readonly request: ReferralRequestDto | null;
};

export interface ReferralRequestState {
  readonly phase: RequestPhase;
  /** The connection is gone (or a try failed) while a request waits: the page says it is queued. */
  readonly offline: boolean;
  readonly submit: (payload: ReferralRequestPayload) => Promise<void>;
  readonly reset: () => void;
}

export function useReferralRequest(session: SessionSummary | null): ReferralRequestState {
  const queryClient = useQueryClient();
  const { phase, offline, follow, reset } = useFollowedAction<RequestEnding>((event) => {
    if (session) void queryClient.invalidateQueries({ queryKey: referralKeys.all(session.sub) });
    const result = parseReferralResult({ data: event.result });
    return {
      kind: 'result',
      type: result?.type ?? event.outcome ?? 'unknown',
      request: result?.request ?? null,
    };
  });

  const submit = useCallback(
    async (payload: ReferralRequestPayload) => {
      if (!session) return;
      const subject = referralSubject(payload);
      follow(
        subject,
        await enqueueAction({ kind: 'referralRequest', userId: session.sub, subject, payload }),
      );
    },
    [session, follow],
  );

  return { phase, offline, submit, reset };
}
