import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/guidance/$name/$key')({
  component: () => (
    <UnderConstructionPage title="Request guidance">
      Ask an employee of this company for guidance.
    </UnderConstructionPage>
  ),
});
