import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '@/features/auth';

export const Route = createFileRoute('/auth/login')({
  staticData: { mantine: true },
  component: () => (
    <LoginForm title="Login" subtitle="Sign in as a candidate or an employee." social />
  ),
});
