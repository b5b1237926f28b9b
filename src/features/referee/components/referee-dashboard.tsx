/**
 * The referee's side of the employee dashboard (issue 17): "Become a referee" until the work
 * email is verified, then the referee's record and the inbox. Reads the persisted referee
 * profile, so a verified referee offline still sees the record and the saved inbox.
 */
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { SessionSummary } from '@/lib/auth';
import { refereeProfileQuery } from '@/lib/referrals';
import { BecomeRefereeCard } from './become-referee-card';
import { Inbox } from './inbox';
import { RefereeRecord } from './referee-record';
import { userErrorText } from '@/lib/api';
import { QueryLoading } from '@/lib/ui/query-loading';

export function RefereeDashboard({
  session,
  guidance,
}: {
  session: SessionSummary;
  /** The guidance section (issue 19), composed by the route: shown to verified referees. */
  guidance?: ReactNode;
}) {
  const profile = useQuery(refereeProfileQuery(session.sub));
  const [changing, setChanging] = useState(false);
  if (profile.isPending) return <QueryLoading query={profile} skeletons={[160]} />;
  if (!profile.data) {
    return (
      <Text c="dimmed" data-testid="referee-unavailable">
        {userErrorText(profile.error, 'Your referee profile could not be loaded.')}
      </Text>
    );
  }
  const data = profile.data;
  return (
    <Stack gap="md" data-testid="referee-dashboard">
      {data.status !== 'verified' ? (
        <BecomeRefereeCard userId={session.sub} profile={data} />
      ) : changing ? (
        <BecomeRefereeCard
          userId={session.sub}
          profile={data}
          onCancel={() => setChanging(false)}
        />
      ) : (
        <RefereeRecord
          userId={session.sub}
          profile={data}
          onChangeCompany={() => setChanging(true)}
        />
      )}
      {data.status === 'verified' || data.stats.offered > 0 ? <Inbox session={session} /> : null}
      {data.status === 'verified' ? guidance : null}
    </Stack>
  );
}
