/**
 * One request in the referee's inbox (issue 17 part 2): the candidate's parsed profile
 * (designation, YOE, skills, city: first name only until the referee accepts), the match score
 * with its parts, the job, the candidate's note, the deadline, View CV, and the actions.
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { OversightLimits } from '@/domain/contract/admin-referrals';
import { assessedLabel } from '@/domain/contract/assessments';
import type { RefereeInboxItem } from '@/domain/contract/referees';
import type { DeclineReferralInput } from '@/domain/contract/referrals';
import { MatchGauge } from '@/features/match';
import { SignedFileLink } from '@/lib/ui/signed-file-link';
import { fetchOfferCvLink } from '../api/referee-api';
import { STATUS_TEXT, deadlineText, firstName, type OfferView } from '../offer-view';
import { DeclineForm } from './decline-form';
import { ReferForm, type ReferInput } from './refer-form';

export interface OfferCardProps {
  readonly item: RefereeInboxItem;
  readonly view: OfferView;
  readonly onAccept: () => void;
  readonly onDecline: (input: DeclineReferralInput) => void;
  readonly onRefer: (input: ReferInput) => void;
  /** issue 21: "I did refer" on a request passed on after the referee accepted it. */
  readonly onReport: (note: string) => void;
}

// spec §3 job match record: scoreDetails, in that order.
const PARTS = [
  ['coreSkills', 'Core skills'],
  ['experience', 'Experience'],
  ['roleAndResponsibilities', 'Responsibilities'],
  ['softSkills', 'Soft skills'],
] as const;

const STATUS_COLOUR: Record<OfferView['status'], string> = {
  open: 'blue',
  accepted: 'teal',
  declined: 'gray',
  referred: 'green',
  timedOut: 'gray',
  withdrawn: 'gray',
  noLongerOffered: 'orange',
  passedOn: 'gray',
};

export function OfferCard({ item, view, onAccept, onDecline, onRefer, onReport }: OfferCardProps) {
  const [mode, setMode] = useState<'idle' | 'decline' | 'refer' | 'report' | 'reported'>('idle');
  const [note, setNote] = useState('');
  const { candidate } = item;
  const jobTitle = item.job.title ?? item.jobTitle ?? 'A job at your company';
  const deadline = deadlineText(item.deadline, view.status);
  const skills = [...new Set([...candidate.coreSkills, ...candidate.technicalSkills])].slice(0, 8);
  const facts = [
    candidate.designation,
    candidate.yearsOfExperience !== null ? `${candidate.yearsOfExperience} yrs` : null,
    candidate.location,
  ].filter(Boolean);

  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      data-testid="referee-offer"
      data-request-id={item.requestId}
      data-status={view.status}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {jobTitle}
            </Text>
            <Text size="sm">
              {firstName(candidate.name)}
              {facts.length > 0 && ` · ${facts.join(' · ')}`}
            </Text>
          </div>
          {item.matchScore && <MatchGauge score={item.matchScore.finalScore} size={52} />}
        </Group>
        <Group gap="xs">
          <Badge color={STATUS_COLOUR[view.status]} variant="light" data-testid="offer-status">
            {view.status === 'open' ? 'New' : STATUS_TEXT[view.status].split(':')[0]}
          </Badge>
          {view.queued && (
            <Badge color="yellow" variant="light" data-testid="offer-queued">
              Waiting to send
            </Badge>
          )}
          {deadline && (
            <Text size="sm" c="dimmed" data-testid="offer-deadline">
              {deadline}
            </Text>
          )}
        </Group>
        {item.candidateAssessment && (
          // issue 21 item 4: an evaluator's latest score of the candidate.
          <Text size="sm" data-testid="offer-assessment">
            {assessedLabel(item.candidateAssessment)}
          </Text>
        )}
        {item.matchScore && (
          <Text size="sm" c="dimmed" data-testid="offer-match-parts">
            {PARTS.map(([key, label]) => `${label} ${Math.round(item.matchScore![key])}%`).join(
              ' · ',
            )}
          </Text>
        )}
        {skills.length > 0 && (
          <Group gap={4}>
            {skills.map((skill) => (
              <Badge key={skill} variant="outline" color="gray" size="sm" tt="none">
                {skill}
              </Badge>
            ))}
          </Group>
        )}
        {item.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            “{item.note}”
          </Text>
        )}
        {item.job.city || item.job.experienceMin !== null ? (
          <Text size="xs" c="dimmed">
            {[
              item.job.city,
              item.job.experienceMin !== null
                ? `${item.job.experienceMin}–${item.job.experienceMax ?? '+'} yrs asked`
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : null}
        {view.status !== 'open' && (
          <Text size="sm" data-testid="offer-status-text">
            {STATUS_TEXT[view.status]}
          </Text>
        )}
        {view.error && (
          <Alert color="red" variant="light" p="xs" data-testid="offer-error">
            Not sent: {view.error}
          </Alert>
        )}
        <ViewCv item={item} />
        {view.status === 'open' && mode === 'idle' && (
          <Group gap="sm">
            <Button onClick={onAccept}>Accept</Button>
            <Button variant="default" onClick={() => setMode('decline')}>
              Decline
            </Button>
          </Group>
        )}
        {view.status === 'open' && mode === 'decline' && (
          <DeclineForm
            onCancel={() => setMode('idle')}
            onDecline={(input) => {
              setMode('idle');
              onDecline(input);
            }}
          />
        )}
        {view.status === 'accepted' && mode !== 'refer' && (
          <Group>
            <Button onClick={() => setMode('refer')}>Mark as referred</Button>
          </Group>
        )}
        {view.status === 'passedOn' && mode === 'idle' && (
          <Group>
            <Button variant="default" onClick={() => setMode('report')}>
              I did refer
            </Button>
          </Group>
        )}
        {view.status === 'passedOn' && mode === 'report' && (
          <Stack
            gap="xs"
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (note.trim().length < OversightLimits.noteMin) return;
              onReport(note.trim());
              setMode('reported');
            }}
          >
            <Textarea
              label="How did you refer them?"
              placeholder="e.g. Referred on day 6, portal id 4411"
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={OversightLimits.noteMax}
              autosize
              minRows={2}
            />
            <Group gap="xs">
              <Button type="submit" disabled={note.trim().length < OversightLimits.noteMin}>
                Tell an admin
              </Button>
              <Button variant="default" onClick={() => setMode('idle')}>
                Cancel
              </Button>
            </Group>
          </Stack>
        )}
        {mode === 'reported' && (
          <Text size="sm" c="dimmed" data-testid="offer-reported">
            Sent: an admin will look into it.
          </Text>
        )}
        {view.status === 'accepted' && mode === 'refer' && (
          <ReferForm
            onCancel={() => setMode('idle')}
            onRefer={(input) => {
              setMode('idle');
              onRefer(input);
            }}
          />
        )}
      </Stack>
    </Card>
  );
}

function ViewCv({ item }: { item: RefereeInboxItem }) {
  if (!item.cvAvailable) return null;
  return (
    <SignedFileLink
      label="View CV"
      what="the CV"
      fetchLink={() => fetchOfferCvLink(item.requestId)}
      testId="offer-cv-message"
    />
  );
}
