import { createFileRoute } from '@tanstack/react-router';
import { ReferralTrackerPage } from '@/features/referrals';

// My referrals (issue 16): the candidate's tracker, linked from the avatar and mobile menus.
export const Route = createFileRoute('/v1/candidate/referrals/')({
  staticData: { mantine: true },
  component: () => <ReferralTrackerPage />,
});
