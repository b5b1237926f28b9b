import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { CompanyListingPage, type CompanyFilters } from '@/features/companies';

// Validated here, not imported from the feature: route options are in the first-load bundle.
const SearchText = z.string().check(z.maxLength(200));

/** /referrals search params: the search text (spec §2: mirrored in `searchText`). */
function validateCompanySearch(input: Record<string, unknown>): CompanyFilters {
  const parsed = SearchText.safeParse(input.searchText);
  return parsed.success && parsed.data.trim() ? { searchText: parsed.data } : {};
}

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
