import { createFileRoute } from '@tanstack/react-router';
import { PersonPage } from '@/features/evaluator';
import { useSession } from '@/lib/auth';

// A person to assess (issue 21 item 4): profile, assessment form, history.
export const Route = createFileRoute('/v1/evaluator/people/$userId')({
  staticData: { mantine: true },
  component: Person,
});

function Person() {
  const session = useSession();
  const { userId } = Route.useParams();
  return session ? <PersonPage session={session} userId={userId} /> : null;
}
