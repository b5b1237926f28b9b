import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

// spec §2: a placeholder "under construction" page.
export const Route = createFileRoute('/faqs')({
  component: () => <UnderConstructionPage title="FAQs" />,
});
