/**
 * The referee's record (issue 17 part 4): requests answered, acceptance rate, median response
 * time and referrals made, from `GET /referee/profile`'s stats; with the verified company, the
 * pause switch and "Change company".
 */
import { Button, Card, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefereeProfileDto } from '@/domain/contract/referees';
import { refereeKeys } from '@/lib/referrals';
import { patchRefereeProfile } from '../api/referee-api';
import { userErrorText } from '@/lib/api';

function hoursText(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours)} h`;
  return `${Math.round(hours / 24)} days`;
}

export function RefereeRecord({
  userId,
  profile,
  onChangeCompany,
}: {
  userId: string;
  profile: RefereeProfileDto;
  onChangeCompany: () => void;
}) {
  const queryClient = useQueryClient();
  const pause = useMutation({
    mutationFn: (active: boolean) => patchRefereeProfile({ active }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: refereeKeys.all(userId) }),
  });
  const { stats } = profile;
  const figures = [
    ['Answered', `${stats.answered} of ${stats.offered}`],
    [
      'Acceptance rate',
      stats.acceptanceRate === null ? '—' : `${Math.round(stats.acceptanceRate * 100)}%`,
    ],
    ['Median response', hoursText(stats.medianResponseHours)],
    ['Referrals made', String(stats.referralsMade)],
  ] as const;
  return (
    <Card withBorder radius="md" padding="md" data-testid="referee-record">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h3">
              Referee at {profile.companyName ?? 'your company'}
            </Title>
            {profile.emailDomain && (
              <Text size="sm" c="dimmed">
                Verified work email @{profile.emailDomain}
              </Text>
            )}
          </div>
          <Button variant="default" size="xs" onClick={onChangeCompany}>
            Change company
          </Button>
        </Group>
        <SimpleGrid cols={2} spacing="xs">
          {figures.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600}>{value}</Text>
            </div>
          ))}
        </SimpleGrid>
        {stats.expired > 0 && (
          <Text size="xs" c="dimmed">
            {stats.expired} {stats.expired === 1 ? 'request' : 'requests'} passed on unanswered.
            Answering quickly keeps requests coming your way.
          </Text>
        )}
        <Switch
          label="Receive new requests"
          checked={pause.isPending ? (pause.variables ?? profile.active) : profile.active}
          onChange={(event) => pause.mutate(event.currentTarget.checked)}
        />
        {pause.isError && (
          <Text size="sm" c="red.8" role="alert">
            {userErrorText(pause.error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
