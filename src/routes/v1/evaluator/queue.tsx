import { createFileRoute } from '@tanstack/react-router';
import { QueuePage } from '@/features/evaluator';
import { useSession } from '@/lib/auth';

// The evaluator's queue (issue 21 item 4; spec §6 evaluate_candidates): the evaluators' dashboard.
export const Route = createFileRoute('/v1/evaluator/queue')({
  staticData: { mantine: true },
  component: Queue,
});

function Queue() {
  const session = useSession();
  return session ? <QueuePage session={session} /> : null;
}
