import { createFileRoute } from '@tanstack/react-router';
import { ReferralTrackerPage } from '@/features/referrals';

// One request in My referrals (RequestAccepted's View Status, referral notifications).
export const Route = createFileRoute('/v1/candidate/referrals/$id')({
  staticData: { mantine: true },
  component: ReferralRoute,
});

function ReferralRoute() {
  const { id } = Route.useParams();
  return <ReferralTrackerPage focusId={id} />;
}
