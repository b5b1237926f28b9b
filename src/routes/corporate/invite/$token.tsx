import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '@/features/corporate';

// An invite link to join a company (issue 20 item 3); an expired one shows spec §8 Invite Expired.
export const Route = createFileRoute('/corporate/invite/$token')({
  staticData: { mantine: true },
  component: Invite,
});

function Invite() {
  const { token } = Route.useParams();
  return <InvitePage token={token} />;
}
