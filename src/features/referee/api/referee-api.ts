/**
 * The referee's online-only calls (issue 17; contract src/domain/contract/referees.ts). Becoming
 * a referee needs the server at each step (a code is mailed, then checked), so these are plain
 * calls with the server's words on refusal, not outbox actions; the CV link is short-lived and
 * signed, so it is asked for when the referee taps View CV.
 */
import * as z from 'zod/mini';
import {
  RefereeCvLinkSchema,
  RefereeProfileOneSchema,
  WorkEmailPendingSchema,
  type RefereeProfilePatch,
  type WorkEmailInput,
} from '@/domain/contract/referees';
import { api } from '@/lib/api';

export function requestWorkEmailCode(input: WorkEmailInput) {
  return api
    .post('/referee/work-email', { schema: WorkEmailPendingSchema, body: input })
    .then((r) => r.data);
}

/** The verified profile comes back, or a refusal with the contract's text. */
export function verifyWorkEmailCode(code: string) {
  return api
    .post('/referee/work-email/verify', {
      schema: z.union([RefereeProfileOneSchema, z.object({ data: z.unknown() })]),
      body: { code: code.trim() },
    })
    .then(() => undefined);
}

export function patchRefereeProfile(patch: RefereeProfilePatch) {
  return api.patch('/referee/profile', { schema: z.unknown(), body: patch }).then(() => undefined);
}

export function fetchOfferCvLink(requestId: string) {
  return api
    .get(`/referee/offers/${encodeURIComponent(requestId)}/cv`, { schema: RefereeCvLinkSchema })
    .then((r) => r.data);
}
