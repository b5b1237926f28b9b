import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/faq')({
  component: () => (
    <UnderConstructionPage title="Frequently asked questions">
      Answers for candidates and employees.
    </UnderConstructionPage>
  ),
});
