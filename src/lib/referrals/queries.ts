/**
 * The candidate's referral data, one query each for every reader (issue 16): the credit balance
 * (the header's referral count and "Referrals Left", spec §2; the request page's cost line) and
 * the requests with their timelines (the My referrals tracker). Both are parsed with the
 * contract's schemas and persisted (app/query-client.ts), so they read offline after one visit.
 */
import { queryOptions } from '@tanstack/react-query';
import { CreditBalanceSchema, ReferralListSchema } from '@/domain/contract/referrals';
import { api } from '@/lib/api';

const DAY_MS = 24 * 60 * 60 * 1000;

export const referralKeys = {
  all: (userId: string) => ['referrals', userId] as const,
  balance: (userId: string) => [...referralKeys.all(userId), 'balance'] as const,
  mine: (userId: string) => [...referralKeys.all(userId), 'mine'] as const,
};

export const referralBalanceQuery = (userId: string) =>
  queryOptions({
    queryKey: referralKeys.balance(userId),
    queryFn: ({ signal }) =>
      api.get('/referrals/balance', { schema: CreditBalanceSchema, signal }).then((r) => r.data),
    staleTime: 30_000,
    // Persisted queries keep their data as long as the persisted cache (query-client.ts).
    gcTime: DAY_MS,
    meta: { persist: true },
  });

export const myReferralsQuery = (userId: string) =>
  queryOptions({
    queryKey: referralKeys.mine(userId),
    queryFn: ({ signal }) =>
      api.get('/referrals/mine', { schema: ReferralListSchema, signal }).then((r) => r.data),
    staleTime: 15_000,
    gcTime: DAY_MS,
    meta: { persist: true },
  });
