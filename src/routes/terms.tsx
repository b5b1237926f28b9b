import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/terms')({
  component: () => (
    <UnderConstructionPage title="Terms of Service">
      The terms that govern the use of ReferralHub.
    </UnderConstructionPage>
  ),
});
