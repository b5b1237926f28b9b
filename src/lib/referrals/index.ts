/**
 * Referral data read below the features (issue 16): the header's balance and the tracker's list
 * share these queries and their offline copies.
 */
export { myReferralsQuery, referralBalanceQuery, referralKeys } from './queries';
export {
  openOfferCount,
  refereeKeys,
  refereeOffersQuery,
  refereeProfileQuery,
} from './referee-queries';
