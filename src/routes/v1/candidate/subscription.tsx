import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as z from 'zod/mini';
import { SubscriptionPage } from '@/features/subscription';

// The checkout's return (local test gateway / Razorpay redirect flow): which order, and the
// payment id + signature on success, or failed=1.
const ReturnSearch = z.object({
  order: z.optional(z.string().check(z.maxLength(64))),
  payment_id: z.optional(z.string().check(z.maxLength(64))),
  signature: z.optional(z.string().check(z.maxLength(128))),
  failed: z.optional(z.union([z.string(), z.number()])),
});

// Plans, credits and receipts (spec §2 "+ Referrals"; issue 18).
export const Route = createFileRoute('/v1/candidate/subscription')({
  staticData: { mantine: true },
  validateSearch: (search) => {
    const parsed = z.safeParse(ReturnSearch, search);
    return parsed.success ? parsed.data : {};
  },
  component: SubscriptionRoute,
});

function SubscriptionRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const clearReturn = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <SubscriptionPage checkoutReturn={search} clearReturn={clearReturn} />;
}
