import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/saved-jobs')({
  component: () => (
    <UnderConstructionPage title="Saved jobs">
      Jobs you saved, available offline.
    </UnderConstructionPage>
  ),
});
