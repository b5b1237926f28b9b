import { createFileRoute } from '@tanstack/react-router';
import { LoginForm, redirectSignedInToDashboard } from '@/features/auth';

export const Route = createFileRoute('/auth/login')({
  staticData: { mantine: true },
  // Issue 26 item 9: signed in already, the login page is the dashboard (the form would only
  // answer "There is already a signed in user.").
  beforeLoad: redirectSignedInToDashboard,
  component: () => (
    <LoginForm title="Login" subtitle="Sign in as a candidate or an employee." social />
  ),
});
