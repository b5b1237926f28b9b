import { createFileRoute } from '@tanstack/react-router';
import { CompanyListingPage } from '@/features/companies';
import { warmDeviceDb } from '@/lib/db/loader';
import { validateCompanySearch } from './-search-params';

export const Route = createFileRoute('/referrals/')({
  // A returning visitor's saved copy: its database code loads beside the route's chunk (issue 24).
  beforeLoad: warmDeviceDb,
  validateSearch: validateCompanySearch,
  component: ReferralsRoute,
});

function ReferralsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CompanyListingPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
    />
  );
}
