import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/features/shell';

export const Route = createFileRoute('/auth/login')({
  component: () => (
    <UnderConstructionPage title="Login">Sign in as a candidate or employee.</UnderConstructionPage>
  ),
});
