/**
 * A person as an evaluator needs them (issue 21 item 4): experience, skills, the CV through a
 * short-lived link, referral history counts, the assessment form and every earlier assessment.
 * Never contact details, CTC, credits or payments (the server does not send them). Assessments
 * are outbox actions: saved on the device at once, sent exactly once when online.
 */
import { Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { assessedLabel, type EvaluatedPerson } from '@/domain/contract/assessments';
import { useConnectivity } from '@/lib/api';
import type { SessionSummary } from '@/lib/auth';
import { enqueueAction, useOutboxActions, useOutboxEvents } from '@/lib/outbox';
import type { AssessmentCreatePayload } from '@/lib/outbox/kinds';
import {
  evaluatorKeys,
  fetchPersonCvLink,
  historyQuery,
  personQuery,
} from '../api/evaluator-queries';
import { AssessmentForm } from './assessment-form';
import { AssessmentHistory } from './assessment-history';
import { QueryLoading } from '@/lib/ui/query-loading';

export interface PersonPageProps {
  session: SessionSummary;
  userId: string;
}

export function PersonPage({ session, userId }: PersonPageProps) {
  const queryClient = useQueryClient();
  const person = useQuery(personQuery(session.sub, userId));
  const history = useQuery(historyQuery(session.sub, userId));
  const pending = useOutboxActions(session.sub).filter(
    (a) =>
      a.kind === 'assessmentCreate' && (a.payload as AssessmentCreatePayload).userId === userId,
  );
  useOutboxEvents((event) => {
    if (event.type !== 'changed' || event.kind !== 'assessmentCreate') return;
    if (event.state === 'done') {
      void queryClient.invalidateQueries({ queryKey: evaluatorKeys.all(session.sub) });
    }
  });
  const data = person.data;

  function submit(input: AssessmentCreatePayload['input']) {
    return enqueueAction({
      kind: 'assessmentCreate',
      userId: session.sub,
      subject: userId,
      payload: { userId, input, ...(data?.name ? { who: data.name } : {}) },
    });
  }

  return (
    <Container size="sm" px="md" py="lg" data-testid="evaluator-person">
      <Stack gap="md">
        <Anchor component={Link} to="/v1/evaluator/queue" size="sm">
          ← Assessment queue
        </Anchor>
        {person.isPending && <QueryLoading query={person} skeletons={[160]} />}
        {person.isError && !data && (
          <Text c="red" size="sm" role="alert">
            This person could not be loaded. Check your connection and try again.
          </Text>
        )}
        {data && <Profile person={data} />}
        {data && (
          <AssessmentForm
            key={data.userId}
            skills={[...data.coreSkills, ...data.technicalSkills, ...data.softSkills]}
            onSubmit={submit}
          />
        )}
        <AssessmentHistory
          assessments={history.data ?? []}
          pending={pending}
          loading={history.isPending}
        />
      </Stack>
    </Container>
  );
}

function Profile({ person }: { person: EvaluatedPerson }) {
  const online = useConnectivity() === 'online';
  const [cvError, setCvError] = useState<string | null>(null);
  const [cvBusy, setCvBusy] = useState(false);
  const facts = [
    person.designation,
    person.yearsOfExperience !== null ? `${person.yearsOfExperience} yrs experience` : null,
    person.location,
  ].filter(Boolean);
  const h = person.history;

  async function openCv() {
    setCvError(null);
    setCvBusy(true);
    try {
      const link = await fetchPersonCvLink(person.userId);
      window.open(link.url, '_blank', 'noopener');
    } catch {
      setCvError('The CV could not be opened. Try again.');
    } finally {
      setCvBusy(false);
    }
  }

  return (
    <Card withBorder padding="md" component="section" aria-label="Profile">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {person.name || 'Unnamed user'}
            </Title>
            {facts.length > 0 && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {facts.join(' · ')}
              </Text>
            )}
          </div>
          {person.latest && (
            <Badge size="lg" variant="light" style={{ flexShrink: 0 }} data-testid="latest-score">
              {person.latest.overall}/100
            </Badge>
          )}
        </Group>
        <Text size="sm" data-testid="latest-line">
          {person.latest ? assessedLabel(person.latest) : 'Not assessed yet'}
          {person.matchingScore !== null && ` · referral matching uses ${person.matchingScore}/100`}
        </Text>
        {person.referee && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Refers at {person.referee.companyName}
            {person.referee.designation ? ` as ${person.referee.designation}` : ''}
            {person.referee.department ? ` (${person.referee.department})` : ''}
            {person.referee.verified ? '' : ' · work email not verified'}
          </Text>
        )}
        {person.about && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {person.about}
          </Text>
        )}
        <SkillLine title="Core skills" skills={person.coreSkills} />
        <SkillLine title="Technical skills" skills={person.technicalSkills} />
        <SkillLine title="Soft skills" skills={person.softSkills} />
        <Text size="sm" data-testid="referral-history">
          Referral requests: {h.requestsMade} made, {h.requestsReferred} referred · Offers as a
          referee: {h.offersReceived} received, {h.offersAccepted} accepted, {h.referralsMade}{' '}
          referred, {h.offersExpired} let expire
        </Text>
        {person.cvAvailable && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => void openCv()}
              loading={cvBusy}
              disabled={!online}
            >
              View CV
            </Button>
            {!online && (
              <Text size="xs" c="dimmed">
                The CV opens when you are online.
              </Text>
            )}
          </Group>
        )}
        {cvError && (
          <Text size="sm" c="red" role="alert">
            {cvError}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function SkillLine({ title, skills }: { title: string; skills: readonly string[] }) {
  if (skills.length === 0) return null;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {title}
      </Text>
      <Group gap={4}>
        {skills.map((skill) => (
          <Badge key={skill} variant="outline" size="sm" style={{ textTransform: 'none' }}>
            {skill}
          </Badge>
        ))}
      </Group>
    </div>
  );
}
