/**
 * One applicant in the pipeline (issue 20): who they are (the parsed profile), the spec §9 match
 * score with its parts, where the application came from (a referral shows the referee's note),
 * the stage (changing it queues a move), View CV (online: a short signed link), notes and the
 * structured evaluation.
 */
import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import type { Stage } from '@/domain/contract/corporate-pipeline';
import { gaugeColour } from '@/domain/score';
import type { PendingApplicant } from '../pending-view';
import { fetchApplicantCvLink } from '../api/pipeline-queries';
import { EvaluationForm } from './evaluation-form';
import { NotesSection } from './notes-section';

// spec §4 gauge colours, in the theme's names.
const GAUGE_THEME = { red: 'red', orange: 'orange', 'sky-blue': 'cyan', green: 'green' } as const;

const SOURCE_LABEL = { direct: 'Direct', referral: 'Referral', external: 'External' } as const;

export interface ApplicantCardProps {
  applicant: PendingApplicant;
  stages: readonly Stage[];
  selected: boolean;
  online: boolean;
  onSelect: (selected: boolean) => void;
  onMove: (stage: string) => void;
  onNote: (text: string) => void;
  onEvaluated: () => void;
}

export function ApplicantCard(props: ApplicantCardProps) {
  const { applicant: a, stages, selected, online } = props;
  const [cvError, setCvError] = useState<string | null>(null);
  const [cvBusy, setCvBusy] = useState(false);
  const score = a.score;
  const skills = [...a.candidate.coreSkills, ...a.candidate.technicalSkills];
  const facts = [
    a.candidate.designation,
    a.candidate.yoe !== null ? `${a.candidate.yoe} yrs` : null,
    a.candidate.location,
    a.candidate.noticePeriod !== null ? `${a.candidate.noticePeriod} days notice` : null,
  ].filter(Boolean);

  async function openCv() {
    setCvError(null);
    setCvBusy(true);
    try {
      const link = await fetchApplicantCvLink(a.applicationId);
      window.open(link.url, '_blank', 'noopener');
    } catch {
      setCvError('The CV could not be opened. Try again.');
    } finally {
      setCvBusy(false);
    }
  }

  return (
    <Card
      withBorder
      padding="md"
      component="li"
      data-testid="applicant-card"
      data-application-id={a.applicationId}
      data-stage={a.stage}
    >
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Checkbox
            checked={selected}
            onChange={(e) => props.onSelect(e.currentTarget.checked)}
            label={
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {a.candidate.name}
              </Text>
            }
            aria-label={`Select ${a.candidate.name}`}
          />
          <Badge
            color={score ? GAUGE_THEME[gaugeColour(score.finalScore)] : 'gray'}
            variant="filled"
            style={{ flexShrink: 0 }}
            data-testid="applicant-score"
          >
            {score ? `${Math.round(score.finalScore)}% match` : 'No score'}
          </Badge>
        </Group>
        {facts.length > 0 && (
          <Text size="sm" c="dimmed">
            {facts.join(' · ')}
          </Text>
        )}
        {score && (
          <Text size="xs" c="dimmed" data-testid="score-parts">
            Core skills {Math.round(score.coreSkills)} · Soft skills {Math.round(score.softSkills)}{' '}
            · Experience {Math.round(score.experience)} · Responsibilities{' '}
            {Math.round(score.roleAndResponsibilities)}
          </Text>
        )}
        {skills.length > 0 && (
          <Group gap={4}>
            {skills.slice(0, 8).map((skill) => (
              <Badge key={skill} variant="light" color="gray" size="sm">
                {skill}
              </Badge>
            ))}
          </Group>
        )}
        <Group gap={6}>
          <Badge variant="outline" size="sm">
            {SOURCE_LABEL[a.source.kind]}
            {a.source.kind === 'external' && a.source.portal ? `: ${a.source.portal}` : ''}
          </Badge>
          <Text size="xs" c="dimmed">
            Applied {new Date(a.appliedAt).toLocaleDateString()}
          </Text>
        </Group>
        {a.source.refereeNote && (
          <Text size="sm">
            <Text span fw={600}>
              Referee&apos;s note:
            </Text>{' '}
            {a.source.refereeNote}
          </Text>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="Stage"
            value={a.stage}
            onChange={(e) => props.onMove(e.currentTarget.value)}
            data={stages.map((s) => ({ value: s.key, label: s.label }))}
            style={{ minWidth: 160 }}
            data-testid="applicant-stage"
          />
          {a.candidate.hasCv && (
            <Button
              variant="default"
              onClick={() => void openCv()}
              disabled={!online}
              loading={cvBusy}
            >
              View CV
            </Button>
          )}
        </Group>
        {!online && a.candidate.hasCv && (
          <Text size="xs" c="dimmed">
            The CV opens when you are back online.
          </Text>
        )}
        {cvError && (
          <Text size="sm" c="red.8" role="alert">
            {cvError}
          </Text>
        )}
        {a.pending > 0 && (
          <Text size="sm" c="blue.8" data-testid="applicant-pending">
            Waiting to be sent
          </Text>
        )}
        {a.failed && (
          <Text size="sm" c="red.8" role="alert">
            Not saved: {a.failed}
          </Text>
        )}
        <NotesSection notes={a.notes} onNote={props.onNote} />
        <EvaluationForm
          applicationId={a.applicationId}
          mine={a.evaluations.find((e) => e.mine) ?? null}
          others={a.evaluations.filter((e) => !e.mine)}
          online={online}
          onSaved={props.onEvaluated}
        />
        {a.candidate.about && (
          <details>
            <summary>
              <Anchor component="span" size="sm">
                About
              </Anchor>
            </summary>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {a.candidate.about}
            </Text>
          </details>
        )}
      </Stack>
    </Card>
  );
}
