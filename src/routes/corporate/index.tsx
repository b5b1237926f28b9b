import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/corporate/')({
  component: () => (
    <UnderConstructionPage title="For corporate teams">
      Post jobs and hire candidates referred by people who know them.
    </UnderConstructionPage>
  ),
});
