import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/v1/corporate/jobs')({
  component: () => (
    <UnderConstructionPage title="Corporate jobs">
      The jobs your company has posted.
    </UnderConstructionPage>
  ),
});
