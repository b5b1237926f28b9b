import { createFileRoute, redirect } from '@tanstack/react-router';

// spec §2 names /company without its behaviour; we send it to the closest page (/referrals),
// replacing the history entry so Back does not bounce (docs/decisions.md).
export const Route = createFileRoute('/company')({
  beforeLoad: () => redirect({ to: '/referrals', replace: true, throw: true }),
});
