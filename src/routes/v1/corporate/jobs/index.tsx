import { createFileRoute } from '@tanstack/react-router';
import { JobsPage } from '@/features/corporate';
import { useSession } from '@/lib/auth';

// spec §2: the corporate users' dashboard (issue 20 item 1).
export const Route = createFileRoute('/v1/corporate/jobs/')({
  staticData: { mantine: true },
  component: CorporateJobs,
});

function CorporateJobs() {
  const session = useSession();
  return session ? <JobsPage session={session} /> : null;
}
