import { createFileRoute } from '@tanstack/react-router';
import { JobEditorPage } from '@/features/corporate';
import { useSession } from '@/lib/auth';

// Post (a new id chosen on the device) or edit one of the company's jobs (issue 20 item 1).
export const Route = createFileRoute('/v1/corporate/jobs/$jobId/edit')({
  staticData: { mantine: true },
  component: EditJob,
});

function EditJob() {
  const session = useSession();
  const { jobId } = Route.useParams();
  // key: another job's form starts from its own values.
  return session ? <JobEditorPage key={jobId} userId={session.sub} jobId={jobId} /> : null;
}
