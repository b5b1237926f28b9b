import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/for-employee')({
  component: () => (
    <UnderConstructionPage title="For employees">
      Refer candidates you believe in and offer paid services at your own fee.
    </UnderConstructionPage>
  ),
});
