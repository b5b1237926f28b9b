import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/auth/corporate/login')({
  component: () => (
    <UnderConstructionPage title="Corporate login">
      Sign in to post jobs and hire.
    </UnderConstructionPage>
  ),
});
