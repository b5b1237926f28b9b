import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/about')({
  component: () => (
    <UnderConstructionPage title="About us">Why we built ReferralHub.</UnderConstructionPage>
  ),
});
