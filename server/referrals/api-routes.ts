/**
 * The referral routes' descriptors (issue 16): method, URL, summary, auth, the contract's schemas
 * and what each status means. server/referrals/routes.ts registers its handlers under these
 * (http/api-route.ts) and GET /api/docs is generated from them (http/openapi.ts), so a path is
 * written once.
 */
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
import { DisputeAnswerSchema, DisputeBody } from '../../src/domain/contract/admin-referrals';
import { API_PREFIX } from '../../src/domain/contract/common';
import { RefereeInboxItemSchema, RefereeInboxSchema } from '../../src/domain/contract/referees';
import { defineRoute, type ApiRoute } from '../http/api-route';

const transition = {
  403: { description: 'The caller may never take this action on this request' },
  404: { description: 'No such request' },
  409: { description: 'Not in this state (any more): `{ errorMsg, state }`' },
} as const;

function action(
  name: ReferralActionRoute,
  summary: string,
  body: ApiRoute['body'],
  answer: 'offer' | 'request',
  bodyRequired = false,
): ApiRoute {
  return {
    method: 'POST',
    url: `${API_PREFIX}/referrals/:id/${name}`,
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

/** The actions on one request, by the URL segment after `/referrals/{id}/`. */
export type ReferralActionRoute =
  'accept' | 'decline' | 'refer' | 'acknowledge' | 'cancel' | 'expire';

export const createReferralRoute = defineRoute({
  method: 'POST',
  url: `${API_PREFIX}/referrals`,
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
});

export const myReferralsRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/referrals/mine`,
  summary: "The caller's referral requests with their timelines, newest first",
  auth: true,
  responses: { 200: { description: 'The tracker', schema: ReferralListSchema } },
});

export const creditBalanceRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/referrals/balance`,
  summary: "The caller's referral credits (the ledger's sum)",
  auth: true,
  responses: {
    200: { description: 'Balance, held, consumed, cost', schema: CreditBalanceSchema },
  },
});

export const referralRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/referrals/:id`,
  summary: 'One request (its candidate, the referee holding it, or an admin)',
  auth: true,
  params: ReferralIdParams,
  responses: {
    200: { description: 'The request', schema: ReferralOneSchema },
    403: { description: 'Not yours' },
    404: { description: 'No such request' },
  },
});

export const REFERRAL_ACTION_ROUTES: Readonly<Record<ReferralActionRoute, ApiRoute>> = {
  accept: action('accept', 'The offered referee accepts', ReferralNoteBody, 'offer'),
  decline: action(
    'decline',
    'The offered referee declines with a reason; the request passes to the next referee',
    DeclineReferralBody,
    'offer',
    true,
  ),
  refer: action(
    'refer',
    'The referee says the referral was made (optional reference, proof link or uploaded proof file)',
    ReferReferralBody,
    'offer',
  ),
  acknowledge: action(
    'acknowledge',
    'The candidate acknowledges the referral',
    ReferralNoteBody,
    'request',
  ),
  cancel: action(
    'cancel',
    'The candidate withdraws the request, or an admin cancels it (credit released)',
    ReferralNoteBody,
    'request',
  ),
  expire: action(
    'expire',
    'An admin expires the request (credit released)',
    ReferralNoteBody,
    'request',
  ),
};

export const refereeOffersRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/referee/offers`,
  summary: 'Requests offered to the caller as a referee (last 90 days), unanswered first',
  auth: true,
  responses: { 200: { description: 'The inbox', schema: RefereeInboxSchema } },
});

export const creditGrantRoute = defineRoute({
  method: 'POST',
  url: `${API_PREFIX}/admin/credit-grants`,
  summary: 'An admin grants referral credits (once per Idempotency-Key)',
  auth: true,
  body: CreditGrantBody,
  responses: {
    201: { description: '`{ data: { granted, balance } }`' },
    200: { description: 'Already granted with this key' },
    403: { description: 'Admins only' },
    404: { description: 'No such user' },
  },
});

export const disputeReferralRoute = defineRoute({
  method: 'POST',
  url: `${API_PREFIX}/referrals/:id/dispute`,
  summary:
    'Report a problem: the candidate says the referral was not made, or a referee who lost the request says it was (issue 21)',
  auth: true,
  params: ReferralIdParams,
  body: DisputeBody,
  responses: {
    201: { description: 'Recorded for an admin', schema: DisputeAnswerSchema },
    403: { description: 'Not the candidate, nor a referee who accepted it' },
    404: { description: 'No such request' },
    409: { description: 'Already reported by this caller' },
  },
});

export const REFERRAL_ROUTES: readonly ApiRoute[] = [
  createReferralRoute,
  myReferralsRoute,
  creditBalanceRoute,
  referralRoute,
  ...Object.values(REFERRAL_ACTION_ROUTES),
  refereeOffersRoute,
  creditGrantRoute,
  disputeReferralRoute,
];
