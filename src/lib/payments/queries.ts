/**
 * The subscription page's data (issue 18): one persisted query for the account (balance, plans,
 * fee, ledger history, receipts), so the page reads offline after one visit, and the order calls
 * the checkout needs. Every answer is parsed with the contract's schemas.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  CreateOrderAnswerSchema,
  OrderAnswerSchema,
  PaymentAccountSchema,
  type PlanId,
} from '@/domain/contract/payments';
import { api } from '@/lib/api';

const DAY_MS = 24 * 60 * 60 * 1000;

export const paymentKeys = {
  all: (userId: string) => ['payments', userId] as const,
  account: (userId: string) => [...paymentKeys.all(userId), 'account'] as const,
};

export const paymentAccountQuery = (userId: string) =>
  queryOptions({
    queryKey: paymentKeys.account(userId),
    queryFn: ({ signal }) =>
      api.get('/payments/account', { schema: PaymentAccountSchema, signal }).then((r) => r.data),
    // Fresh on every visit: a purchase or a referral may have moved the balance.
    staleTime: 0,
    // Persisted queries keep their data as long as the persisted cache (query-client.ts).
    gcTime: DAY_MS,
    meta: { persist: true },
  });

export const createPaymentOrder = (planId: PlanId) =>
  api
    .post('/payments/orders', { schema: CreateOrderAnswerSchema, body: { planId } })
    .then((r) => r.data);

export const fetchPaymentOrder = (orderId: string) =>
  api
    .get(`/payments/orders/${encodeURIComponent(orderId)}`, { schema: OrderAnswerSchema })
    .then((r) => r.data);

export const verifyPaymentOrder = (
  orderId: string,
  body: { paymentId: string; signature: string },
) =>
  api
    .post(`/payments/orders/${encodeURIComponent(orderId)}/verify`, {
      schema: OrderAnswerSchema,
      body,
    })
    .then((r) => r.data);
