import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '@/features/candidate';

// spec §2: "An in-app candidate profile edit redirect goes to /v1/candidate/profile with a
// returnUrl set to the current address". Only a path on this site is kept (no open redirect).
// A plain check rather than a schema: route search validation is in the first-load chunk.
const SAME_SITE_PATH = /^\/(?![/\\])/;

function validateSearch(search: Record<string, unknown>): { returnUrl?: string } {
  const { returnUrl } = search;
  return typeof returnUrl === 'string' && returnUrl.length <= 2048 && SAME_SITE_PATH.test(returnUrl)
    ? { returnUrl }
    : {};
}

export const Route = createFileRoute('/v1/candidate/profile')({
  validateSearch,
  component: ProfileRoute,
});

function ProfileRoute() {
  const { returnUrl } = Route.useSearch();
  return <ProfilePage {...(returnUrl ? { returnUrl } : {})} />;
}
