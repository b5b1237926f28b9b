import { createFileRoute } from '@tanstack/react-router';
import { JobListingPage } from '@/features/jobs';
import { validateJobSearch } from './-search-params';

export const Route = createFileRoute('/jobs/')({
  validateSearch: validateJobSearch,
  component: JobsRoute,
});

function JobsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <JobListingPage search={search} onSearchChange={(next) => void navigate({ search: next })} />
  );
}
