/**
 * The referral routes described for GET /api/docs: method, URL, summary, auth, the contract's
 * schemas and what each status means, in the shape of the route descriptors the OpenAPI document
 * is generated from (server/http/openapi.ts), so the document cannot drift from what
 * server/referrals/routes.ts accepts.
 */
import type * as z from 'zod/mini';
import {
  CreateReferralBody,
  CreditBalanceSchema,
  CreditGrantBody,
  DeclineReferralBody,
  ReferReferralBody,
  ReferralIdParams,
  ReferralListSchema,
  ReferralNoteBody,
  ReferralOneSchema,
  ReferralResultSchema,
} from '../../src/domain/contract/referrals';
import { RefereeInboxItemSchema, RefereeInboxSchema } from '../../src/domain/contract/referees';

interface Described {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly summary: string;
  readonly auth: true;
  readonly params?: z.core.$ZodType;
  readonly body?: z.core.$ZodType;
  readonly bodyRequired?: boolean;
  readonly responses: Readonly<
    Record<number, { readonly description: string; readonly schema?: z.core.$ZodType }>
  >;
}

const transition = {
  403: { description: 'The caller may never take this action on this request' },
  404: { description: 'No such request' },
  409: { description: 'Not in this state (any more): `{ errorMsg, state }`' },
} as const;

function action(
  name: string,
  summary: string,
  body: z.core.$ZodType,
  answer: 'offer' | 'request',
  bodyRequired = false,
): Described {
  return {
    method: 'POST',
    url: `/api/referrals/:id/${name}`,
    summary,
    auth: true,
    params: ReferralIdParams,
    body,
    bodyRequired,
    responses: {
      200:
        answer === 'offer'
          ? { description: 'The offer as the referee sees it', schema: RefereeInboxItemSchema }
          : { description: 'The request', schema: ReferralOneSchema },
      ...transition,
    },
  };
}

export const REFERRAL_ROUTES: readonly Described[] = [
  {
    method: 'POST',
    url: '/api/referrals',
    summary:
      'Request a referral for a listed job (jobId) or a pasted link (jobUrl); evaluated at once into a spec §4 result',
    auth: true,
    body: CreateReferralBody,
    responses: {
      201: {
        description: 'RequestAccepted or RequestRejected, with the stored request',
        schema: ReferralResultSchema,
      },
      200: {
        description:
          'profileCompletion, Error_250, AlreadyRequested, Max_tries, Error_251 or zeroReferral (request: null)',
        schema: ReferralResultSchema,
      },
      403: { description: 'The role cannot request referrals' },
      404: { description: 'Company or job not found' },
      422: { description: 'The job is closed' },
    },
  },
  {
    method: 'GET',
    url: '/api/referrals/mine',
    summary: "The caller's referral requests with their timelines, newest first",
    auth: true,
    responses: { 200: { description: 'The tracker', schema: ReferralListSchema } },
  },
  {
    method: 'GET',
    url: '/api/referrals/balance',
    summary: "The caller's referral credits (the ledger's sum)",
    auth: true,
    responses: {
      200: { description: 'Balance, held, consumed, cost', schema: CreditBalanceSchema },
    },
  },
  {
    method: 'GET',
    url: '/api/referrals/:id',
    summary: 'One request (its candidate, the referee holding it, or an admin)',
    auth: true,
    params: ReferralIdParams,
    responses: {
      200: { description: 'The request', schema: ReferralOneSchema },
      403: { description: 'Not yours' },
      404: { description: 'No such request' },
    },
  },
  action('accept', 'The offered referee accepts', ReferralNoteBody, 'offer'),
  action(
    'decline',
    'The offered referee declines with a reason; the request passes to the next referee',
    DeclineReferralBody,
    'offer',
    true,
  ),
  action(
    'refer',
    'The referee says the referral was made (optional reference or proof link)',
    ReferReferralBody,
    'offer',
  ),
  action('acknowledge', 'The candidate acknowledges the referral', ReferralNoteBody, 'request'),
  action(
    'cancel',
    'The candidate withdraws the request, or an admin cancels it (credit released)',
    ReferralNoteBody,
    'request',
  ),
  action('expire', 'An admin expires the request (credit released)', ReferralNoteBody, 'request'),
  {
    method: 'GET',
    url: '/api/referee/offers',
    summary: 'Requests offered to the caller as a referee (last 90 days), unanswered first',
    auth: true,
    responses: { 200: { description: 'The inbox', schema: RefereeInboxSchema } },
  },
  {
    method: 'POST',
    url: '/api/admin/credit-grants',
    summary: 'An admin grants referral credits (once per Idempotency-Key)',
    auth: true,
    body: CreditGrantBody,
    responses: {
      201: { description: '`{ data: { granted, balance } }`' },
      200: { description: 'Already granted with this key' },
      403: { description: 'Admins only' },
      404: { description: 'No such user' },
    },
  },
];
