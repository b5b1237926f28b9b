import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/referrals/')({
  component: () => (
    <UnderConstructionPage title="Request a referral">
      Pick a company and ask one of its employees to refer you.
    </UnderConstructionPage>
  ),
});
