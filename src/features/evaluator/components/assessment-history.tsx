/**
 * Every assessment of the person, newest first (issue 21 item 4: history, never overwritten),
 * with the ones still waiting on this device on top.
 */
import { Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Assessment } from '@/domain/contract/assessments';
import type { OutboxEntry } from '@/lib/outbox';
import type { AssessmentCreatePayload } from '@/lib/outbox/kinds';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  });

export interface AssessmentHistoryProps {
  assessments: readonly Assessment[];
  pending: readonly OutboxEntry[];
  loading: boolean;
}

export function AssessmentHistory({ assessments, pending, loading }: AssessmentHistoryProps) {
  return (
    <Stack gap="xs" component="section" aria-label="Assessment history">
      <Title order={2} size="h4">
        Assessment history
      </Title>
      {loading && <Skeleton height={64} radius="md" />}
      {pending.map((action) => {
        const { input } = action.payload as AssessmentCreatePayload;
        return (
          <Card key={action.seq} withBorder padding="sm" data-testid="assessment-pending">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">
                {input.overall}/100 · communication {input.communication}/5 · experience fit{' '}
                {input.experienceFit}/5
              </Text>
              <Badge color={action.state === 'failed' ? 'red' : 'gray'} variant="light">
                {action.state === 'failed' ? 'Not sent' : 'Sending'}
              </Badge>
            </Group>
            {action.state === 'failed' && action.lastError && (
              <Text size="xs" c="red">
                {action.lastError}
              </Text>
            )}
          </Card>
        );
      })}
      {!loading && assessments.length === 0 && pending.length === 0 && (
        <Text size="sm" c="dimmed">
          No assessments yet.
        </Text>
      )}
      {assessments.map((a) => (
        <Card key={a.id} withBorder padding="sm" data-testid="assessment-item">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600}>{a.overall}/100</Text>
              <Text size="xs" c="dimmed">
                {when(a.createdAt)}
              </Text>
            </Group>
            <Text size="sm">
              Communication {a.communication}/5 · Experience fit {a.experienceFit}/5
              {a.evaluatorName ? ` · by ${a.evaluatorName}` : ''}
            </Text>
            {a.skillsVerified.length > 0 && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Skills verified: {a.skillsVerified.join(', ')}
              </Text>
            )}
            {a.notes && (
              <Text
                size="sm"
                c="dimmed"
                style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              >
                {a.notes}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
