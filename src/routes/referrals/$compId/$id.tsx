import { createFileRoute } from '@tanstack/react-router';
import { JobMatch } from '@/features/match';
import { ReferralRequestPage } from '@/features/referrals';

// spec §2 /referrals/{compId}/{id}: `compId` is the company name (spaces as underscores), `id`
// its key. The match block comes from the match feature, composed here (issue 15).
export const Route = createFileRoute('/referrals/$compId/$id')({
  staticData: { mantine: true },
  component: ReferralRequestRoute,
});

const match = (jobId: string) => <JobMatch jobId={jobId} />;

function ReferralRequestRoute() {
  const { id } = Route.useParams();
  return <ReferralRequestPage companyId={id} match={match} />;
}
