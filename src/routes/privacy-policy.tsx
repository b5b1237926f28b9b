import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/privacy-policy')({
  component: () => (
    <UnderConstructionPage title="Privacy Policy">
      What we collect, why, and how we protect it.
    </UnderConstructionPage>
  ),
});
