import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/corporate/connect-with-us')({
  component: () => (
    <UnderConstructionPage title="Connect with us">
      Tell us about your hiring needs.
    </UnderConstructionPage>
  ),
});
