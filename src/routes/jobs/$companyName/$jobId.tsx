import { createFileRoute } from '@tanstack/react-router';
import { ApplyAction } from '@/features/apply';
import { ShareJobButton } from '@/features/install';
import { JobDetailPage, type DetailJob } from '@/features/jobs';
import { JobMatch } from '@/features/match';
import { SaveJobButton } from '@/features/saved-jobs';

export const Route = createFileRoute('/jobs/$companyName/$jobId')({
  component: JobDetailRoute,
});

// The job page's match gauge and actions (apply, save, share) are composed here, so the jobs
// feature does not import four others (issue 15).
const match = (job: DetailJob) => <JobMatch jobId={job.id} />;
const actions = (job: DetailJob) => (
  <>
    <ApplyAction job={job} />
    <SaveJobButton job={job} />
    <ShareJobButton title={job.jobTitle} companyName={job.companyName} />
  </>
);

function JobDetailRoute() {
  const { jobId } = Route.useParams();
  return <JobDetailPage jobId={jobId} match={match} actions={actions} />;
}
