import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/post-signup-form')({
  component: () => (
    <UnderConstructionPage title="Complete your profile">
      A few details and your CV, so we can match you.
    </UnderConstructionPage>
  ),
});
