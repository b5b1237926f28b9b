import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/auth/signup')({
  component: () => (
    <UnderConstructionPage title="Sign up for free">
      Create your candidate or employee account.
    </UnderConstructionPage>
  ),
});
