/**
 * Referral oversight (issue 21 item 3): requests that need a person, for site admins only.
 *
 * - POST /api/referrals/{id}/dispute           the candidate says the referral was not made, or
 *                                              a referee whose accepted request was taken from
 *                                              them says it was; with a note (once each)
 * - GET  /api/admin/referrals                  disputed and stuck requests, oldest problem first
 * - GET  /api/admin/referrals/{id}             one request with its whole timeline and credits
 * - POST /api/admin/referrals/{id}/resolve     give the credit back to the candidate (release)
 *                                              or count the referral as made (consume), with a
 *                                              reason; closes the open dispute
 *
 * "Stuck" (our numbers, docs/decisions.md): accepted by a referee but not referred after
 * `stuckAfterDays`, or waiting for a referee (nobody holds it) as long.
 */
import * as z from 'zod/mini';
import { REFERRAL_STATES } from './referrals';

export const OversightLimits = {
  /** Days an accepted request may wait for its referral, or an approved one for a referee,
   * before it shows as stuck (the sweep ends them at 7: an admin sees them first). */
  stuckAfterDays: 3,
  noteMin: 3,
  noteMax: 500,
  listSize: 100,
} as const;

export const DISPUTE_KINDS = ['notReferred', 'wasReferred'] as const;
export type DisputeKind = (typeof DISPUTE_KINDS)[number];

/** What each side's dispute says, as the timeline and the admin read it. */
export const DISPUTE_LABELS: Record<DisputeKind, string> = {
  notReferred: 'The candidate says the referral was not made',
  wasReferred: 'The referee says the referral was made',
};

export const STUCK_KINDS = ['notReferred', 'noReferee'] as const;
export type StuckKind = (typeof STUCK_KINDS)[number];
export const STUCK_LABELS: Record<StuckKind, string> = {
  notReferred: `Accepted, not referred for ${OversightLimits.stuckAfterDays}+ days`,
  noReferee: `No referee for ${OversightLimits.stuckAfterDays}+ days`,
};

export const RESOLUTIONS = ['release', 'consume'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
export const RESOLUTION_LABELS: Record<Resolution, string> = {
  release: 'Credit returned to the candidate',
  consume: 'Referral counted as made',
};

export const CREDIT_STATES = ['none', 'held', 'consumed', 'released'] as const;
export type CreditState = (typeof CREDIT_STATES)[number];

export const OversightErrors = {
  adminsOnly: 'Only site administrators can oversee referrals',
  notFound: 'Referral request not found',
  cannotDispute: 'You can report a problem only on a referral made for you, or one you made',
  alreadyDisputed: 'You have already reported a problem with this request',
  nothingToResolve: 'This request is neither disputed nor stuck',
  noCredit: 'This request holds no credit: it was never accepted by the product',
  alreadyReleased:
    'The credit was already given back: a referral cannot be counted as made on this request',
  noReferee: 'Nobody accepted this request: give the credit back instead',
} as const;

const note = z
  .string()
  .check(
    z.trim(),
    z.minLength(OversightLimits.noteMin, 'Say what happened in a few words'),
    z.maxLength(OversightLimits.noteMax),
  );

export const DisputeBody = z.strictObject({ note });
export const ResolveBody = z.strictObject({ outcome: z.enum(RESOLUTIONS), reason: note });
export type ResolveInput = z.infer<typeof ResolveBody>;

export const OVERSIGHT_FILTERS = ['attention', 'disputed', 'stuck'] as const;
export const OversightQuery = z.object({ filter: z.optional(z.enum(OVERSIGHT_FILTERS)) });

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const OversightItemSchema = z.object({
  id: z.string(),
  state: z.enum(REFERRAL_STATES),
  companyName: z.string(),
  jobTitle: z.nullable(z.string()),
  candidate: person,
  referee: z.nullable(person),
  dispute: z.nullable(
    z.object({ kind: z.enum(DISPUTE_KINDS), by: z.string(), note: z.string(), at: z.string() }),
  ),
  stuck: z.nullable(z.enum(STUCK_KINDS)),
  credit: z.enum(CREDIT_STATES),
  /** The last resolution, when an admin resolved the request before. */
  resolution: z.nullable(z.enum(RESOLUTIONS)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OversightItem = z.infer<typeof OversightItemSchema>;

export const OversightListSchema = z.object({ data: z.array(OversightItemSchema) });

export const OversightEventSchema = z.object({
  action: z.string(),
  from: z.nullable(z.string()),
  to: z.string(),
  actor: z.string(),
  actorName: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  text: z.nullable(z.string()),
  at: z.string(),
});
export type OversightEvent = z.infer<typeof OversightEventSchema>;

export const OversightDetailSchema = z.object({
  data: z.object({
    request: OversightItemSchema,
    timeline: z.array(OversightEventSchema),
    ledger: z.array(
      z.object({
        kind: z.string(),
        amount: z.number(),
        note: z.nullable(z.string()),
        createdAt: z.string(),
      }),
    ),
  }),
});
export type OversightDetail = z.infer<typeof OversightDetailSchema>['data'];

export const DisputeAnswerSchema = z.object({
  data: z.object({ requestId: z.string(), kind: z.enum(DISPUTE_KINDS) }),
});
