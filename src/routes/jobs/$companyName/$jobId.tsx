import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/jobs/$companyName/$jobId')({
  component: () => (
    <UnderConstructionPage title="Job details">
      The job description, your match and the apply action.
    </UnderConstructionPage>
  ),
});
