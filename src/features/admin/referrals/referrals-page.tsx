/**
 * /v1/admin/referrals (issue 21 item 3): referral requests that need a person, oldest problem
 * first: disputed (the candidate says no referral was made, or a referee says they made one) and
 * stuck (accepted but not referred, or waiting for a referee, for days). Opening one shows its
 * whole timeline and credit movements, and resolves it: the credit goes back to the candidate,
 * or the referral counts as made; with a reason, kept in the audit log.
 */
import {
  Alert,
  Badge,
  Card,
  Container,
  Group,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Timeline,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DISPUTE_LABELS,
  RESOLUTION_LABELS,
  STUCK_LABELS,
  type OversightItem,
  type Resolution,
} from '@/domain/contract/admin-referrals';
import { REFERRAL_STATE_LABELS } from '@/domain/contract/referrals';
import { userErrorText } from '@/lib/api';
import { AdminNav } from '../admin-nav';
import { DetailFrame } from '../components/detail-frame';
import { ReasonForm } from '../components/reason-form';
import {
  oversightDetailQuery,
  oversightKeys,
  oversightListQuery,
  resolveReferral,
  type OversightFilter,
} from './referrals-api';
import { QueryLoading } from '@/lib/ui/query-loading';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const CREDIT_LABELS: Record<OversightItem['credit'], string> = {
  none: 'No credit',
  held: 'Credit held',
  consumed: 'Credit used',
  released: 'Credit returned',
};
const EVENT_LABELS: Record<string, string> = {
  request: 'Requested',
  approve: 'Accepted by the product',
  reject: 'Not a good match',
  offer: 'Offered to a referee',
  accept: 'Referee accepted',
  decline: 'Referee declined',
  timeOut: 'Timed out',
  refer: 'Marked referred',
  acknowledge: 'Candidate acknowledged',
  expire: 'Expired',
  cancel: 'Cancelled',
  dispute: 'Problem reported',
  resolve: 'Resolved by an admin',
};

function Flags({ item }: { item: OversightItem }) {
  return (
    <Group gap={4}>
      <Badge variant="outline" size="sm">
        {REFERRAL_STATE_LABELS[item.state]}
      </Badge>
      {item.dispute && (
        <Badge color="red" variant="light" size="sm">
          Disputed
        </Badge>
      )}
      {item.stuck && (
        <Badge color="orange" variant="light" size="sm">
          Stuck
        </Badge>
      )}
      <Badge color="gray" variant="light" size="sm">
        {CREDIT_LABELS[item.credit]}
      </Badge>
    </Group>
  );
}

function Summary({ item }: { item: OversightItem }) {
  return (
    <Stack gap={4}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {item.jobTitle ?? 'A job'} at {item.companyName}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Candidate: {item.candidate.name} ({item.candidate.email})
        {item.referee ? ` · Referee: ${item.referee.name}` : ''}
      </Text>
      <Flags item={item} />
      {item.dispute && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {DISPUTE_LABELS[item.dispute.kind]}: “{item.dispute.note}”
        </Text>
      )}
      {item.stuck && <Text size="sm">{STUCK_LABELS[item.stuck]}</Text>}
    </Stack>
  );
}

function ResolvePanel({ item, onDone }: { item: OversightItem; onDone: () => Promise<void> }) {
  const [outcome, setOutcome] = useState<Resolution>('release');
  return (
    <Card withBorder padding="sm">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Resolve
        </Title>
        <ReasonForm
          label="Reason"
          submit="Resolve"
          testId="resolve-form"
          onSubmit={async (reason) => {
            await resolveReferral(item.id, { outcome, reason });
            await onDone();
          }}
        >
          <Radio.Group value={outcome} onChange={(value) => setOutcome(value)}>
            <Stack gap="xs">
              <Radio
                value="release"
                label="Give the credit back to the candidate"
                description={
                  item.credit === 'held' ? 'The request ends (cancelled by an admin).' : undefined
                }
              />
              <Radio
                value="consume"
                label="Count the referral as made"
                description={
                  item.credit === 'held'
                    ? 'The request becomes referred; the credit is used.'
                    : undefined
                }
              />
            </Stack>
          </Radio.Group>
        </ReasonForm>
      </Stack>
    </Card>
  );
}

function RequestDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery(oversightDetailQuery(id));
  const [done, setDone] = useState<string | null>(null);
  return (
    <DetailFrame
      query={detail}
      back="Back to the queue"
      onBack={onBack}
      testId="admin-referral-detail"
    >
      {(data) => (
        <>
          <Summary item={data.request} />
          {done && (
            <Alert color="green" role="status" p="xs">
              {done}
            </Alert>
          )}
          {data.request.dispute || data.request.stuck ? (
            <ResolvePanel
              item={data.request}
              onDone={async () => {
                await queryClient.invalidateQueries({ queryKey: oversightKeys.all });
                setDone('Resolved.');
              }}
            />
          ) : (
            data.request.resolution && (
              <Text size="sm">Resolved: {RESOLUTION_LABELS[data.request.resolution]}.</Text>
            )
          )}
          <Stack gap="xs">
            <Title order={2} size="h4">
              Timeline
            </Title>
            <Timeline bulletSize={12} lineWidth={2} data-testid="admin-timeline">
              {data.timeline.map((event, index) => (
                <Timeline.Item key={index} title={EVENT_LABELS[event.action] ?? event.action}>
                  <Text size="xs" c="dimmed">
                    {when.format(new Date(event.at))} · {event.actorName ?? event.actor}
                  </Text>
                  {event.text && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {event.text}
                    </Text>
                  )}
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
          <Stack gap={4}>
            <Title order={2} size="h4">
              Credit
            </Title>
            {data.ledger.length === 0 && <Text size="sm">No credit moved.</Text>}
            {data.ledger.map((row, index) => (
              <Group key={index} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.note ?? row.kind}
                </Text>
                <Text size="sm" fw={600}>
                  {row.amount > 0 ? `+${row.amount}` : row.amount}
                </Text>
              </Group>
            ))}
          </Stack>
        </>
      )}
    </DetailFrame>
  );
}

export function ReferralsOversightPage() {
  const [filter, setFilter] = useState<OversightFilter>('attention');
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery(oversightListQuery(filter));
  return (
    <Container size="md" px="md" py="lg" data-testid="admin-referrals-page">
      <Stack gap="md">
        <AdminNav />
        <Title order={1} size="h2">
          Referrals
        </Title>
        {open ? (
          <RequestDetail id={open} onBack={() => setOpen(null)} />
        ) : (
          <>
            <SegmentedControl
              fullWidth
              size="xs"
              aria-label="Which requests"
              value={filter}
              onChange={(value) => setFilter(value)}
              data={[
                { value: 'attention', label: 'Needs a person' },
                { value: 'disputed', label: 'Disputed' },
                { value: 'stuck', label: 'Stuck' },
              ]}
            />
            {list.isError && !list.data && (
              <Alert color="red" role="alert">
                {userErrorText(list.error)}
              </Alert>
            )}
            {!list.data && list.isPending && (
              <QueryLoading query={list}>Loading requests…</QueryLoading>
            )}
            {list.data?.length === 0 && <Text c="dimmed">Nothing waiting here.</Text>}
            <Stack gap="xs">
              {list.data?.map((item) => (
                <Card key={item.id} withBorder padding="sm" data-testid="admin-referral-row">
                  <UnstyledButton
                    onClick={() => setOpen(item.id)}
                    aria-label={`Open ${item.jobTitle ?? 'request'} at ${item.companyName}`}
                    style={{ width: '100%' }}
                  >
                    <Summary item={item} />
                  </UnstyledButton>
                </Card>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}
