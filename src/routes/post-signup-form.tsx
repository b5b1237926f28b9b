import { createFileRoute } from '@tanstack/react-router';
import { RouteErrorPage, UnderConstructionPage } from '@/features/shell';
import { guardBeforeLoad } from './v1/-guard';

// spec §2/§6: needs a token and the admin or general-user role (src/domain/route-access.ts).
export const Route = createFileRoute('/post-signup-form')({
  beforeLoad: guardBeforeLoad,
  errorComponent: RouteErrorPage,
  component: () => (
    <UnderConstructionPage title="Complete your profile">
      A few details and your CV, so we can match you.
    </UnderConstructionPage>
  ),
});
