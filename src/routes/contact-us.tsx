import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/contact-us')({
  component: () => (
    <UnderConstructionPage title="Contact us">Reach our support team.</UnderConstructionPage>
  ),
});
