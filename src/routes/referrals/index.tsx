import { createFileRoute } from '@tanstack/react-router';
import { CompanyListingPage } from '@/features/companies';
import { validateCompanySearch } from './-search-params';

export const Route = createFileRoute('/referrals/')({
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
