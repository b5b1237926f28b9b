import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { MySessionsPage } from '@/features/guidance';
import { checkoutReturnSearch } from '../-checkout-return';

// The checkout's return (contract GUIDANCE_CHECKOUT_RETURN_PATH): which order and booking, and
// the payment id + signature on success, or failed=1. `booking` alone opens the page after a
// wallet payment.
const RETURN_FIELDS = ['order', 'booking', 'payment_id', 'signature'] as const;

// My sessions (issue 19): the candidate's guidance bookings, and where a payment is confirmed.
export const Route = createFileRoute('/guidance/bookings')({
  staticData: { mantine: true },
  validateSearch: (search) => checkoutReturnSearch(search, RETURN_FIELDS),
  component: MySessionsRoute,
});

function MySessionsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const clearReturn = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <MySessionsPage checkoutReturn={search} clearReturn={clearReturn} />;
}
