import { createFileRoute } from '@tanstack/react-router';
import { JobDetailPage } from '@/features/jobs';

export const Route = createFileRoute('/jobs/$companyName/$jobId')({
  component: JobDetailRoute,
});

function JobDetailRoute() {
  const { jobId } = Route.useParams();
  return <JobDetailPage jobId={jobId} />;
}
