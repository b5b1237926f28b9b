import { createFileRoute } from '@tanstack/react-router';
import { ReferralsOversightPage } from '@/features/admin';

// Disputed and stuck referral requests and their resolution, for site admins (issue 21 item 3).
export const Route = createFileRoute('/v1/admin/referrals')({
  staticData: { mantine: true },
  component: ReferralsOversightPage,
});
