import { createFileRoute } from '@tanstack/react-router';
import { JobListingPage } from '@/features/jobs';
import { warmDeviceDb } from '@/lib/db/loader';
import { validateJobSearch } from './-search-params';

export const Route = createFileRoute('/jobs/')({
  // A returning visitor's saved copy: its database code loads beside the route's chunk (issue 24).
  beforeLoad: warmDeviceDb,
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
