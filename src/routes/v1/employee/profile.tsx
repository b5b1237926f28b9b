import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/v1/employee/profile')({
  component: () => (
    <UnderConstructionPage title="Employee profile">
      Your referee profile and services.
    </UnderConstructionPage>
  ),
});
