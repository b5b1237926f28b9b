/**
 * The evaluator's queue at /v1/evaluator/queue (issue 21 item 4): people to assess, new referral
 * requesters first, then referees never assessed, then referees due again. Each row opens the
 * person's page. It reads the saved copy when offline.
 */
import { Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { assessedLabel, type QueueItem } from '@/domain/contract/assessments';
import type { SessionSummary } from '@/lib/auth';
import { queueQuery } from '../api/evaluator-queries';
import { queueReasonText } from '../assessment-form';
import { QueryLoading } from '@/lib/ui/query-loading';
import { showsSavedCopy } from '@/lib/api';

const GROUPS: { reason: QueueItem['reason']; title: string }[] = [
  { reason: 'newRequester', title: 'New referral requesters' },
  { reason: 'refereeNeverAssessed', title: 'Referees never assessed' },
  { reason: 'refereeDue', title: 'Referees due again' },
];

export function QueuePage({ session }: { session: SessionSummary }) {
  const queue = useQuery(queueQuery(session.sub));
  const items = queue.data ?? [];
  return (
    <Container size="sm" px="md" py="lg" data-testid="evaluator-queue">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Assessment queue
          </Title>
          <Text c="dimmed" size="sm">
            New referral requesters first. The latest overall score is the one referral matching
            uses and referees see.
          </Text>
        </div>
        {queue.isPending && <QueryLoading query={queue} skeletons={[96]} />}
        {queue.isError && !queue.data && (
          <Text c="red" size="sm" role="alert">
            The queue could not be loaded. Check your connection and try again.
          </Text>
        )}
        {showsSavedCopy(queue) && queue.data && (
          <Text size="sm" c="dimmed">
            Showing the queue saved on this device.
          </Text>
        )}
        {queue.data && items.length === 0 && (
          <Text data-testid="queue-empty">Nobody is waiting for an assessment.</Text>
        )}
        {GROUPS.map(({ reason, title }) => {
          const group = items.filter((item) => item.reason === reason);
          if (group.length === 0) return null;
          return (
            <Stack gap="xs" key={reason} component="section" aria-label={title}>
              <Title order={2} size="h4">
                {title} ({group.length})
              </Title>
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {group.map((item) => (
                  <QueueRow key={item.userId} item={item} />
                ))}
              </Stack>
            </Stack>
          );
        })}
      </Stack>
    </Container>
  );
}

function QueueRow({ item }: { item: QueueItem }) {
  const facts = [
    item.designation,
    item.yearsOfExperience !== null ? `${item.yearsOfExperience} yrs` : null,
    item.location,
  ].filter(Boolean);
  return (
    <Card withBorder padding="sm" component="li" data-testid="queue-row" data-user-id={item.userId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            <Link to="/v1/evaluator/people/$userId" params={{ userId: item.userId }}>
              {item.name || 'Unnamed user'}
            </Link>
          </Text>
          {facts.length > 0 && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {facts.join(' · ')}
            </Text>
          )}
          <Text size="sm">{queueReasonText(item)}</Text>
        </div>
        {item.latest && (
          <Badge variant="light" style={{ flexShrink: 0 }} title={assessedLabel(item.latest)}>
            {item.latest.overall}/100
          </Badge>
        )}
      </Group>
    </Card>
  );
}
