import { createFileRoute, redirect } from '@tanstack/react-router';

// spec §2 names /contact without its behaviour; we send it to the closest page (/contact-us),
// replacing the history entry so Back does not bounce (docs/decisions.md).
export const Route = createFileRoute('/contact')({
  beforeLoad: () => redirect({ to: '/contact-us', replace: true, throw: true }),
});
