import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as z from 'zod/mini';
import { MySessionsPage } from '@/features/guidance';

// The checkout's return (contract GUIDANCE_CHECKOUT_RETURN_PATH): which order and booking, and
// the payment id + signature on success, or failed=1. `booking` alone opens the page after a
// wallet payment.
const ReturnSearch = z.object({
  order: z.optional(z.string().check(z.maxLength(64))),
  booking: z.optional(z.string().check(z.maxLength(100))),
  payment_id: z.optional(z.string().check(z.maxLength(64))),
  signature: z.optional(z.string().check(z.maxLength(128))),
  failed: z.optional(z.union([z.string(), z.number()])),
});

// My sessions (issue 19): the candidate's guidance bookings, and where a payment is confirmed.
export const Route = createFileRoute('/guidance/bookings')({
  staticData: { mantine: true },
  validateSearch: (search) => {
    const parsed = z.safeParse(ReturnSearch, search);
    return parsed.success ? parsed.data : {};
  },
  component: MySessionsRoute,
});

function MySessionsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const clearReturn = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <MySessionsPage checkoutReturn={search} clearReturn={clearReturn} />;
}
