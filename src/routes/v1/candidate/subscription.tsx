import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SubscriptionPage } from '@/features/subscription';
import { checkoutReturnSearch } from '../../-checkout-return';

// Plans, credits and receipts (spec §2 "+ Referrals"; issue 18).
export const Route = createFileRoute('/v1/candidate/subscription')({
  staticData: { mantine: true },
  validateSearch: (search) => checkoutReturnSearch(search, ['order', 'payment_id', 'signature']),
  component: SubscriptionRoute,
});

function SubscriptionRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const clearReturn = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <SubscriptionPage checkoutReturn={search} clearReturn={clearReturn} />;
}
