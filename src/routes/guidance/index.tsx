import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/guidance/')({
  component: () => (
    <UnderConstructionPage title="Request guidance">
      Get resume reviews, mock interviews and career guidance from employees.
    </UnderConstructionPage>
  ),
});
