import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/')({
  component: () => (
    <UnderConstructionPage title="Find your next job through a referral">
      Browse thousands of jobs, see how well you match, and ask employees to refer you.
    </UnderConstructionPage>
  ),
});
