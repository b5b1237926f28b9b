import { describe, expect, it } from 'vitest';
import {
  CreateOrderBody,
  PLANS,
  PLATFORM_FEE_PAISE,
  formatRupees,
  orderAmount,
  type Order,
} from '@/domain/contract/payments';
import type { PendingPayment } from '@/lib/db';
import { resultOf } from '@/lib/payments';
import * as z from 'zod/mini';

const pending = (state: PendingPayment['state']): PendingPayment => ({
  orderId: 'ord_Test000000000001',
  userId: 'u1',
  planName: 'Starter',
  credits: 3,
  state,
  createdAt: 0,
  updatedAt: 0,
});

const order = (status: Order['status']) => ({ status }) as Order;

describe('plans and money (issue 18)', () => {
  it('charges each plan its price plus the platform fee, shown in rupees', () => {
    for (const plan of PLANS) expect(orderAmount(plan)).toBe(plan.price + PLATFORM_FEE_PAISE);
    expect(formatRupees(orderAmount(PLANS[0]))).toBe('₹168');
    expect(formatRupees(123_456_700)).toBe('₹12,34,567');
    expect(formatRupees(1950)).toBe('₹19.50');
  });

  it('lets the client name a plan only, never an amount', () => {
    expect(z.safeParse(CreateOrderBody, { planId: 'credits-3' }).success).toBe(true);
    expect(z.safeParse(CreateOrderBody, { planId: 'credits-3', amount: 1 }).success).toBe(false);
    expect(z.safeParse(CreateOrderBody, { planId: 'free' }).success).toBe(false);
  });
});

describe('what the page says about a payment', () => {
  it('shows success only when the server has it', () => {
    expect(resultOf(order('paid'), pending('confirming'))).toBe('paid');
    expect(resultOf(order('refunded'), pending('checkout'))).toBe('paid');
    expect(resultOf(order('created'), pending('confirming'))).toBe('pending');
  });

  it('calls a failure final only once the checkout came back', () => {
    expect(resultOf(order('attempted'), pending('confirming'))).toBe('failed');
    // Still in the checkout (the buyer may retry, or it may be authorised late): keep asking.
    expect(resultOf(order('attempted'), pending('checkout'))).toBe('pending');
  });
});
