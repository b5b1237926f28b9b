import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/v1/candidate/subscription')({
  component: () => (
    <UnderConstructionPage title="Subscription">Referral credits and plans.</UnderConstructionPage>
  ),
});
