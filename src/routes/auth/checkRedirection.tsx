import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/auth/checkRedirection')({
  component: () => (
    <UnderConstructionPage title="Signing you in">Completing your sign-in.</UnderConstructionPage>
  ),
});
