/**
 * The guidance screens' data (issue 19), one query per reader, every answer parsed with the
 * contract's schemas. The lists a person needs on a train are persisted (app/query-client.ts):
 * the companies offering guidance, a company's referees and slots, the candidate's sessions and
 * wallet, the referee's set-up and schedule. Writes go through the outbox (lib/outbox kinds
 * guidance*); paying and opening a delivered file need the server there and then, so they are
 * plain calls here.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  BookingListSchema,
  BookingOneSchema,
  CandidateCvLinkSchema,
  DeliveryFileLinkSchema,
  GuidanceCompanyListSchema,
  GuidanceCompanyPageSchema,
  PayBookingAnswerSchema,
  RefereeGuidanceSchema,
  SlotListSchema,
  WalletSchema,
} from '@/domain/contract/guidance';
import { api } from '@/lib/api';

const DAY_MS = 24 * 60 * 60 * 1000;

export const guidanceKeys = {
  all: ['guidance'] as const,
  companies: () => [...guidanceKeys.all, 'companies'] as const,
  company: (companyId: string) => [...guidanceKeys.all, 'company', companyId] as const,
  slots: (serviceId: string) => [...guidanceKeys.all, 'slots', serviceId] as const,
  user: (userId: string) => [...guidanceKeys.all, 'user', userId] as const,
  mine: (userId: string) => [...guidanceKeys.user(userId), 'mine'] as const,
  booking: (userId: string, id: string) => [...guidanceKeys.user(userId), 'booking', id] as const,
  wallet: (userId: string) => [...guidanceKeys.user(userId), 'wallet'] as const,
  referee: (userId: string) => [...guidanceKeys.user(userId), 'referee'] as const,
  schedule: (userId: string) => [...guidanceKeys.user(userId), 'schedule'] as const,
};

export const guidanceCompaniesQuery = () =>
  queryOptions({
    queryKey: guidanceKeys.companies(),
    queryFn: ({ signal }) =>
      api
        .get('/guidance/companies', { schema: GuidanceCompanyListSchema, signal })
        .then((r) => r.data),
    // Services change rarely; a minute keeps tab switches quiet.
    staleTime: 60_000,
    gcTime: DAY_MS,
    meta: { persist: true },
  });

export const guidanceCompanyQuery = (companyId: string) =>
  queryOptions({
    queryKey: guidanceKeys.company(companyId),
    queryFn: ({ signal }) =>
      api
        .get(`/guidance/companies/${encodeURIComponent(companyId)}`, {
          schema: GuidanceCompanyPageSchema,
          signal,
        })
        .then((r) => r.data),
    // Free slots go quickly: always asked again on opening, the saved copy shows meanwhile.
    staleTime: 0,
    gcTime: DAY_MS,
    meta: { persist: true },
  });

export const serviceSlotsQuery = (serviceId: string) =>
  queryOptions({
    queryKey: guidanceKeys.slots(serviceId),
    queryFn: ({ signal }) =>
      api
        .get(`/guidance/services/${encodeURIComponent(serviceId)}/slots`, {
          schema: SlotListSchema,
          signal,
        })
        .then((r) => r.data),
    staleTime: 0,
  });

export const myBookingsQuery = (userId: string) =>
  queryOptions({
    queryKey: guidanceKeys.mine(userId),
    queryFn: ({ signal }) =>
      api.get('/guidance/bookings/mine', { schema: BookingListSchema, signal }).then((r) => r.data),
    // A payment or the referee may have moved a booking: fresh on every visit.
    staleTime: 0,
    gcTime: DAY_MS,
    meta: { persist: true },
  });

export const walletQuery = (userId: string) =>
  queryOptions({
    queryKey: guidanceKeys.wallet(userId),
    queryFn: ({ signal }) =>
      api.get('/guidance/wallet', { schema: WalletSchema, signal }).then((r) => r.data),
    staleTime: 0,
    gcTime: DAY_MS,
    meta: { persist: true },
  });

export const refereeGuidanceQuery = (userId: string) =>
  queryOptions({
    queryKey: guidanceKeys.referee(userId),
    queryFn: ({ signal }) =>
      api.get('/guidance/me', { schema: RefereeGuidanceSchema, signal }).then((r) => r.data),
    staleTime: 60_000,
    gcTime: DAY_MS,
    meta: { persist: true },
  });

export const scheduleQuery = (userId: string) =>
  queryOptions({
    queryKey: guidanceKeys.schedule(userId),
    queryFn: ({ signal }) =>
      api.get('/guidance/me/schedule', { schema: BookingListSchema, signal }).then((r) => r.data),
    staleTime: 0,
    gcTime: DAY_MS,
    meta: { persist: true },
  });

export const fetchBooking = (id: string) =>
  api
    .get(`/guidance/bookings/${encodeURIComponent(id)}`, { schema: BookingOneSchema })
    .then((r) => r.data);

/** Pays a requested booking: from the wallet (confirmed at once) or through the gateway. */
export const payBooking = (id: string, method: 'wallet' | 'gateway') =>
  api
    .post(`/guidance/bookings/${encodeURIComponent(id)}/pay`, {
      schema: PayBookingAnswerSchema,
      body: { method },
    })
    .then((r) => r.data);

export const fetchDeliveredFileLink = (id: string) =>
  api
    .get(`/guidance/bookings/${encodeURIComponent(id)}/file`, { schema: DeliveryFileLinkSchema })
    .then((r) => r.data);

/** The referee of a paid resume-writing order: a short-lived link to the candidate's CV. */
export const fetchCandidateCvLink = (id: string) =>
  api
    .get(`/guidance/bookings/${encodeURIComponent(id)}/candidate-cv`, {
      schema: CandidateCvLinkSchema,
    })
    .then((r) => r.data);
