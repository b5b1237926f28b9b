import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/v1/admin/ajobs')({
  component: () => (
    <UnderConstructionPage title="Admin jobs">
      Moderate jobs across companies.
    </UnderConstructionPage>
  ),
});
