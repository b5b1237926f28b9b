import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/referrals/$compId/$id')({
  component: () => (
    <UnderConstructionPage title="Request a referral">
      Ask an employee of this company to refer you.
    </UnderConstructionPage>
  ),
});
