/**
 * The referee's data (issue 17), one query each for every reader: the referee profile and record
 * (`GET /referee/profile`: status, company, eligibility, stats) and the inbox (`GET
 * /referee/offers`). Both are persisted (app/query-client.ts) so a referee on a train reads the
 * requests, with the candidate profiles needed to decide, offline after one visit. The header's
 * offer count reads the same inbox query.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  RefereeInboxItemSchema,
  RefereeProfileOneSchema,
  type RefereeInboxItem,
} from '@/domain/contract/referees';
import { RefereeOfferSchema } from '@/domain/contract/referrals';
import { api } from '@/lib/api';

const DAY_MS = 24 * 60 * 60 * 1000;

export const refereeKeys = {
  all: (userId: string) => ['referee', userId] as const,
  profile: (userId: string) => [...refereeKeys.all(userId), 'profile'] as const,
  offers: (userId: string) => [...refereeKeys.all(userId), 'offers'] as const,
};

/**
 * An inbox item, or a plain offer from a server without the richer fields (the referrals
 * contract's shape): the job falls back to the offer's title and the CV to "not available".
 */
const InboxAnswerSchema = z.object({
  data: z.array(z.union([RefereeInboxItemSchema, RefereeOfferSchema])),
});

function toInboxItem(item: z.infer<typeof InboxAnswerSchema>['data'][number]): RefereeInboxItem {
  if ('job' in item) return item;
  return {
    ...item,
    job: {
      title: item.jobTitle,
      city: null,
      experienceMin: null,
      experienceMax: null,
      department: null,
    },
    cvAvailable: false,
  };
}

export const refereeProfileQuery = (userId: string) =>
  queryOptions({
    queryKey: refereeKeys.profile(userId),
    queryFn: ({ signal }) =>
      api.get('/referee/profile', { schema: RefereeProfileOneSchema, signal }).then((r) => r.data),
    staleTime: 60_000,
    gcTime: DAY_MS,
    meta: { persist: true },
  });

export const refereeOffersQuery = (userId: string) =>
  queryOptions({
    queryKey: refereeKeys.offers(userId),
    queryFn: ({ signal }) =>
      api
        .get('/referee/offers', { schema: InboxAnswerSchema, signal })
        .then((r) => r.data.map(toInboxItem)),
    staleTime: 15_000,
    gcTime: DAY_MS,
    meta: { persist: true },
  });

/** Offers still waiting for this referee's answer (the header's count). */
export function openOfferCount(items: readonly RefereeInboxItem[] | undefined): number {
  return (items ?? []).filter((item) => item.answer === null && item.state === 'offered').length;
}
