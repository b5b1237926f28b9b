import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { takeContinuationUrl } from '@/features/apply';
import { PostSignupPage } from '@/features/candidate';
import { RouteErrorPage } from '@/features/shell';
import { guardBeforeLoad } from './v1/-guard';

// spec §2/§6: needs a token and the admin or general-user role (src/domain/route-access.ts).
export const Route = createFileRoute('/post-signup-form')({
  beforeLoad: guardBeforeLoad,
  errorComponent: RouteErrorPage,
  staticData: { mantine: true },
  component: PostSignupRoute,
});

function PostSignupRoute() {
  const navigate = useNavigate();
  // spec §4: back to the job that sent the candidate here, else the candidate profile (§2).
  const done = () => {
    const continuation = takeContinuationUrl();
    if (continuation) void navigate({ href: continuation });
    else void navigate({ to: '/v1/candidate/profile' });
  };
  return <PostSignupPage onDone={done} />;
}
