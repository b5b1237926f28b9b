import { createFileRoute } from '@tanstack/react-router';
import { JobEditorPage } from '@/features/corporate';
import { useSession } from '@/lib/auth';

// Post (a new id chosen on the device) or edit one of the company's jobs (issue 20 item 1).
// `?new=true`: the id was just chosen by Post a job, so the form opens empty with no network too
// (offline, the server cannot say that it has no such job).
export const Route = createFileRoute('/v1/corporate/jobs/$jobId/edit')({
  staticData: { mantine: true },
  validateSearch: (search: Record<string, unknown>): { new?: true } =>
    search['new'] === true ? { new: true } : {},
  component: EditJob,
});

function EditJob() {
  const session = useSession();
  const { jobId } = Route.useParams();
  const fresh = Route.useSearch().new === true;
  // key: another job's form starts from its own values.
  return session ? (
    <JobEditorPage key={jobId} userId={session.sub} jobId={jobId} fresh={fresh} />
  ) : null;
}
