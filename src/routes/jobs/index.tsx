import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/jobs/')({
  component: () => (
    <UnderConstructionPage title="Jobs">
      Search and filter published jobs, with your match score on each.
    </UnderConstructionPage>
  ),
});
