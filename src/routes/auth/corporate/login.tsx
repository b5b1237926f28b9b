import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '@/features/auth';

export const Route = createFileRoute('/auth/corporate/login')({
  staticData: { mantine: true },
  component: () => <LoginForm title="Corporate login" subtitle="Sign in to post jobs and hire." />,
});
