import { createFileRoute } from '@tanstack/react-router';
import { PasskeysPage } from '@/features/auth';
import { RouteErrorPage } from '@/features/shell';
import { guardBeforeLoad } from '../v1/-guard';

// issue 27: the signed-in user's passkeys; the guard table is src/domain/route-access.ts.
export const Route = createFileRoute('/auth/passkeys')({
  beforeLoad: guardBeforeLoad,
  errorComponent: RouteErrorPage,
  staticData: { mantine: true },
  component: PasskeysPage,
});
