import { createFileRoute } from '@tanstack/react-router';
import { PipelinePage } from '@/features/corporate';
import { useSession } from '@/lib/auth';

// A job's applicant pipeline (issue 20 item 2).
export const Route = createFileRoute('/v1/corporate/jobs/$jobId/applicants')({
  staticData: { mantine: true },
  component: Applicants,
});

function Applicants() {
  const session = useSession();
  const { jobId } = Route.useParams();
  return session ? <PipelinePage key={jobId} session={session} jobId={jobId} /> : null;
}
