import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

// spec §2: a placeholder "under construction" page.
export const Route = createFileRoute('/pricing')({
  component: () => <UnderConstructionPage title="Pricing" />,
});
