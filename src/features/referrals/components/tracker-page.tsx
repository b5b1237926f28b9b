/**
 * My referrals, the candidate's tracker (issue 16 part 7) at `/v1/candidate/referrals` and, for
 * one request, `/v1/candidate/referrals/{id}` (where RequestAccepted's View Status and the
 * referral notifications lead): every request with its state, next step, decline and rejection
 * reasons and timeline; the candidate acknowledges a referral made for them. Requests still
 * waiting in the outbox come first. The list is the persisted `GET /referrals/mine` answer, so
 * it reads offline; it refreshes when a referral action is delivered.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { OversightLimits } from '@/domain/contract/admin-referrals';
import type { ReferralRequestDto } from '@/domain/contract/referrals';
import { useSession, type SessionSummary } from '@/lib/auth';
import {
  enqueueAction,
  useOutboxActions,
  useOutboxEvents,
  type OutboxEntry,
  type ReferralRequestPayload,
} from '@/lib/outbox';
import { myReferralsQuery, referralBalanceQuery, referralKeys } from '@/lib/referrals';
import { SignInPrompt } from '@/lib/ui/sign-in-prompt';
import { SignedFileLink } from '@/lib/ui/signed-file-link';
import {
  declineReasons,
  eventLine,
  formatDate,
  formatDateTime,
  jobName,
  nextStep,
  stateColour,
  stateLabel,
} from '../referral-text';
import { referralPaths } from '../paths';
import { fetchProofLink } from '../api/proof';
import { QueryLoading } from '@/lib/ui/query-loading';
import { showsSavedCopy } from '@/lib/api';

export interface ReferralTrackerPageProps {
  /** The request to open and scroll to. */
  readonly focusId?: string;
}

const REFERRAL_KINDS = new Set(['referralRequest', 'referralAcknowledge']);

export function ReferralTrackerPage({ focusId }: ReferralTrackerPageProps) {
  const session = useSession();
  return (
    <Container size="sm" px="md" py="lg" data-testid="referral-tracker">
      <Stack gap="md">
        <Title order={1} size="h2">
          My referrals
        </Title>
        {session ? (
          <Tracker session={session} focusId={focusId} />
        ) : (
          <SignInPrompt what="to see your referral requests." />
        )}
      </Stack>
    </Container>
  );
}

function Tracker({ session, focusId }: { session: SessionSummary; focusId: string | undefined }) {
  const queryClient = useQueryClient();
  const list = useQuery(myReferralsQuery(session.sub));
  const balance = useQuery(referralBalanceQuery(session.sub));
  const actions = useOutboxActions(session.sub).filter((a) => REFERRAL_KINDS.has(a.kind));
  useOutboxEvents((event) => {
    if (event.type === 'changed' && event.state === 'done' && REFERRAL_KINDS.has(event.kind)) {
      void queryClient.invalidateQueries({ queryKey: referralKeys.all(session.sub) });
    }
  });
  const queued = actions.filter((a) => a.kind === 'referralRequest');
  const acknowledging = new Set(
    actions
      .filter((a) => a.kind === 'referralAcknowledge' && a.state !== 'failed')
      .map((a) => a.subject),
  );
  const requests = list.data ?? [];

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" data-testid="tracker-balance">
          Referrals left: <strong>{balance.data?.balance ?? '—'}</strong>
        </Text>
        <Group gap="md">
          <Anchor component={Link} to="/v1/candidate/subscription" size="sm">
            + Referrals
          </Anchor>
          <Anchor component={Link} to="/referrals" size="sm">
            Request a referral
          </Anchor>
        </Group>
      </Group>
      {showsSavedCopy(list) && requests.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="tracker-offline">
          Showing the referrals saved on this device.
        </Text>
      )}
      {queued.map((action) => (
        <QueuedCard key={action.seq} action={action} />
      ))}
      {list.isPending && requests.length === 0 ? (
        <QueryLoading query={list} skeletons={[120, 120]} />
      ) : requests.length === 0 && queued.length === 0 ? (
        <Text c="dimmed">
          {list.isError
            ? 'Your referrals could not be loaded. Check your connection and try again.'
            : 'You have not requested a referral yet.'}{' '}
          <Anchor component={Link} to="/referrals">
            Find a company
          </Anchor>
        </Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {requests.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              focused={request.id === focusId}
              acknowledging={acknowledging.has(request.id)}
              onAcknowledge={() =>
                void enqueueAction({
                  kind: 'referralAcknowledge',
                  userId: session.sub,
                  subject: request.id,
                  payload: {
                    requestId: request.id,
                    ...(request.jobTitle ? { jobTitle: request.jobTitle } : {}),
                    companyName: request.companyName,
                  },
                })
              }
              onReport={(note) =>
                void enqueueAction({
                  kind: 'referralDispute',
                  userId: session.sub,
                  subject: request.id,
                  payload: {
                    requestId: request.id,
                    note,
                    ...(request.jobTitle ? { jobTitle: request.jobTitle } : {}),
                    companyName: request.companyName,
                  },
                })
              }
            />
          ))}
        </Stack>
      )}
    </>
  );
}

function QueuedCard({ action }: { action: OutboxEntry }) {
  const payload = action.payload as ReferralRequestPayload;
  return (
    <Card withBorder padding="md" radius="md" data-testid="referral-queued-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {payload.jobTitle ?? payload.jobUrl ?? 'A job'}
          </Text>
          <Text size="sm" c="dimmed">
            {payload.companyName ?? ''}
          </Text>
        </Stack>
        <Badge color={action.state === 'failed' ? 'red' : 'yellow'} variant="light">
          {action.state === 'failed' ? 'Not sent' : 'Queued'}
        </Badge>
      </Group>
      <Text size="sm" mt="xs">
        {action.state === 'failed'
          ? `${action.lastError ?? 'Something went wrong'}. Retry or discard it from the pending actions in the header.`
          : action.state === 'sending'
            ? 'Sending…'
            : 'Saved on this device: it will be sent once when you are online.'}
      </Text>
    </Card>
  );
}

function RequestCard({
  request,
  focused,
  acknowledging,
  onAcknowledge,
  onReport,
}: {
  request: ReferralRequestDto;
  focused: boolean;
  acknowledging: boolean;
  onAcknowledge: () => void;
  /** issue 21: the candidate says the referral was not made (queued like other actions). */
  onReport: (note: string) => void;
}) {
  const [open, setOpen] = useState(focused);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'start' });
  }, [focused]);
  const declines = declineReasons(request);
  const timelineId = `timeline-${request.id}`;
  return (
    <li ref={ref} data-testid="referral-item" data-state={request.state} data-id={request.id}>
      <Card
        withBorder
        padding="md"
        radius="md"
        style={focused ? { borderColor: 'var(--mantine-color-brand-6)' } : undefined}
      >
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              {request.jobId ? (
                <Anchor
                  component={Link}
                  to={referralPaths.job(request.companyName, request.jobId)}
                  fw={600}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {jobName(request)}
                </Anchor>
              ) : (
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {jobName(request)}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {request.companyName} · requested {formatDate(request.createdAt)}
              </Text>
            </Stack>
            <Badge
              color={stateColour(request)}
              variant="light"
              style={{ flexShrink: 0 }}
              data-testid="referral-state"
            >
              {stateLabel(request)}
            </Badge>
          </Group>

          <Text size="sm" data-testid="referral-next-step">
            {nextStep(request)}
          </Text>

          {request.rejectionReasons.length > 0 && (
            <Alert color="red" variant="light" title="Why it was not a good match" p="sm">
              <Stack gap={4}>
                {request.rejectionReasons.map((reason) => (
                  <Text key={reason.code} size="sm">
                    {reason.text}
                  </Text>
                ))}
                <Anchor
                  component={Link}
                  to={referralPaths.guidance(request.companyName, request.companyId)}
                  size="sm"
                >
                  Request guidance
                </Anchor>
              </Stack>
            </Alert>
          )}

          {declines.length > 0 && (
            <Stack gap={2} data-testid="decline-reasons">
              <Text size="sm" fw={600}>
                {declines.length === 1 ? 'A referee declined:' : 'Referees declined:'}
              </Text>
              {declines.map((text, index) => (
                <Text key={index} size="sm" c="dimmed">
                  “{text}”
                </Text>
              ))}
            </Stack>
          )}

          {(request.reference || request.referee) &&
            (request.state === 'referred' ||
              request.state === 'acknowledged' ||
              request.state === 'accepted') && (
              <Text size="sm">
                {request.referee &&
                  `Referee: ${request.referee.name}${request.referee.designation ? `, ${request.referee.designation}` : ''}. `}
                {request.reference && `Reference: ${request.reference}`}
              </Text>
            )}

          {request.proofFileName && (
            <SignedFileLink
              label={`View proof of referral (${request.proofFileName})`}
              what="the proof"
              fetchLink={() => fetchProofLink(request.id)}
              testId="proof-message"
            />
          )}

          <Group gap="sm">
            {request.state === 'referred' && (
              <Button size="sm" onClick={onAcknowledge} loading={acknowledging}>
                Acknowledge referral
              </Button>
            )}
            {(request.state === 'referred' || request.state === 'acknowledged') && (
              <ReportProblem onReport={onReport} />
            )}
            <Button
              size="sm"
              variant="subtle"
              onClick={() => setOpen((value) => !value)}
              aria-expanded={open}
              aria-controls={timelineId}
            >
              {open ? 'Hide timeline' : 'Show timeline'}
            </Button>
          </Group>

          {open && (
            <Timeline
              id={timelineId}
              active={request.timeline.length - 1}
              bulletSize={14}
              lineWidth={2}
              data-testid="referral-timeline"
            >
              {request.timeline.map((event, index) => (
                <Timeline.Item key={index} title={eventLine(event)}>
                  {event.text && (
                    <Text size="sm" c="dimmed">
                      {event.text}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {formatDateTime(event.at)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Stack>
      </Card>
    </li>
  );
}

/** "Report a problem": a referral marked made that the candidate says never happened. */
function ReportProblem({ onReport }: { onReport: (note: string) => void }) {
  const [state, setState] = useState<'closed' | 'open' | 'sent'>('closed');
  const [note, setNote] = useState('');
  if (state === 'sent') {
    return (
      <Text size="sm" c="dimmed" data-testid="problem-reported">
        Problem reported: an admin will look into it.
      </Text>
    );
  }
  if (state === 'closed') {
    return (
      <Button size="sm" variant="subtle" color="red" onClick={() => setState('open')}>
        Report a problem
      </Button>
    );
  }
  const short = note.trim().length < OversightLimits.noteMin;
  return (
    <Stack
      gap="xs"
      component="form"
      w="100%"
      onSubmit={(event) => {
        event.preventDefault();
        if (short) return;
        onReport(note.trim());
        setState('sent');
      }}
    >
      <Textarea
        label="What went wrong?"
        placeholder="e.g. The company says no referral reached them"
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={OversightLimits.noteMax}
        autosize
        minRows={2}
      />
      <Group gap="xs">
        <Button size="sm" type="submit" color="red" disabled={short}>
          Send report
        </Button>
        <Button size="sm" variant="default" onClick={() => setState('closed')}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
