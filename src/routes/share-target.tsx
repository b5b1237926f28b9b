import { createFileRoute, Navigate } from '@tanstack/react-router';
import { shareDestination, type SharedData } from '@/features/install';

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 2000) : undefined);

/**
 * The manifest's share_target (GET /share-target?title=&text=&url=): a shared link to one of our
 * jobs opens it, anything else searches the jobs for the shared text. The work happens in the
 * (code-split) component, so none of it weighs on the first load.
 */
export const Route = createFileRoute('/share-target')({
  validateSearch: (search: Record<string, unknown>): SharedData => ({
    title: text(search.title),
    text: text(search.text),
    url: text(search.url),
  }),
  component: ShareTargetRoute,
});

function ShareTargetRoute() {
  const shared = Route.useSearch();
  const destination = shareDestination(shared, window.location.origin);
  if (destination.to === 'job') {
    return (
      <Navigate
        to="/jobs/$companyName/$jobId"
        params={{ companyName: destination.companyName, jobId: destination.jobId }}
        replace
      />
    );
  }
  return (
    <Navigate
      to="/jobs"
      search={destination.searchText ? { searchText: destination.searchText } : {}}
      replace
    />
  );
}
