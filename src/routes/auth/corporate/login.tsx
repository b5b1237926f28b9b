import { createFileRoute } from '@tanstack/react-router';
import { LoginForm, redirectSignedInToDashboard } from '@/features/auth';

export const Route = createFileRoute('/auth/corporate/login')({
  staticData: { mantine: true },
  // Issue 26 item 9: signed in already, the login page is the dashboard (the form would only
  // answer "There is already a signed in user.").
  beforeLoad: redirectSignedInToDashboard,
  component: () => <LoginForm title="Corporate login" subtitle="Sign in to post jobs and hire." />,
});
