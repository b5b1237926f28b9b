import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '@/features/corporate';
import { useSession } from '@/lib/auth';

// The company's users, for corporate admins (issue 20 item 3; spec §6 manage_users).
export const Route = createFileRoute('/v1/corporate/users')({
  staticData: { mantine: true },
  component: Users,
});

function Users() {
  const session = useSession();
  return session ? <UsersPage session={session} /> : null;
}
