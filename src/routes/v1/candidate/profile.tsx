import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/v1/candidate/profile')({
  component: () => (
    <UnderConstructionPage title="Your profile">
      Your profile, CV and applications.
    </UnderConstructionPage>
  ),
});
