/**
 * A job's applicant pipeline (issue 20 item 2): the applicants, best match first (spec §9),
 * filtered by stage, score and skills on the device; one or many moved to a stage; notes and
 * evaluations. It reads the saved copy of the pipeline, so it opens and works offline: moves and
 * notes are outbox actions, shown at once and sent exactly once on reconnect.
 */
import {
  Anchor,
  Button,
  Container,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { showsSavedCopy, useConnectivity } from '@/lib/api';
import type { SessionSummary } from '@/lib/auth';
import { enqueueAction, useOutboxActions, useOutboxEvents } from '@/lib/outbox';
import { pipelineKeys, pipelineQuery } from '../api/pipeline-queries';
import { filterApplicants, NO_FILTERS, type PipelineFilters } from '../filters';
import { withPending } from '../pending-view';
import { ApplicantCard } from './applicant-card';
import { QueryLoading } from '@/lib/ui/query-loading';

const PIPELINE_KINDS: ReadonlySet<string> = new Set(['applicantMove', 'applicantNote']);
const SCORE_OPTIONS = [
  { value: '0', label: 'Any score' },
  { value: '25', label: 'Above 25%' },
  { value: '50', label: '50% or more' },
  { value: '75', label: '75% or more' },
];

export interface PipelinePageProps {
  session: SessionSummary;
  jobId: string;
}

export function PipelinePage({ session, jobId }: PipelinePageProps) {
  const queryClient = useQueryClient();
  const online = useConnectivity() === 'online';
  const pipeline = useQuery(pipelineQuery(session.sub, jobId));
  const actions = useOutboxActions(session.sub).filter((a) => PIPELINE_KINDS.has(a.kind));
  useOutboxEvents((event) => {
    if (event.type !== 'changed' || !PIPELINE_KINDS.has(event.kind)) return;
    if (event.state === 'done') {
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.job(session.sub, jobId) });
    }
  });
  const [filters, setFilters] = useState<PipelineFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkStage, setBulkStage] = useState('');

  const data = pipeline.data;
  const applicants = useMemo(() => (data ? withPending(data, actions) : []), [data, actions]);
  const shown = filterApplicants(applicants, filters);
  const stageLabel = (key: string) => data?.stages.find((s) => s.key === key)?.label ?? key;

  function move(applicationIds: string[], stage: string, who?: string) {
    if (applicationIds.length === 0) return;
    void enqueueAction({
      kind: 'applicantMove',
      userId: session.sub,
      subject: `${jobId}:${applicationIds.join(',')}`,
      payload: {
        jobId,
        applicationIds,
        stage,
        stageLabel: stageLabel(stage),
        ...(who ? { who } : {}),
      },
    });
  }

  function note(applicationId: string, text: string, who: string) {
    void enqueueAction({
      kind: 'applicantNote',
      userId: session.sub,
      subject: applicationId,
      payload: { jobId, applicationId, text, who },
    });
  }

  return (
    <Container size="md" px="md" py="lg" data-testid="pipeline-page">
      <Stack gap="md">
        <div>
          <Anchor component={Link} to="/v1/corporate/jobs" size="sm">
            ← Your jobs
          </Anchor>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {data ? `Applicants: ${data.job.jobTitle}` : 'Applicants'}
          </Title>
          {data && (
            <Text c="dimmed" size="sm">
              {data.applicants.length === 1
                ? '1 applicant'
                : `${data.applicants.length} applicants`}
              , best match first
            </Text>
          )}
        </div>
        {showsSavedCopy(pipeline) && data && (
          <Text size="sm" c="dimmed" data-testid="pipeline-offline">
            Showing the applicants saved on this device. Changes are sent when you are back online.
          </Text>
        )}
        {data && (
          <Group gap="sm" align="flex-end" wrap="wrap" component="form" role="search">
            <NativeSelect
              label="Stage"
              value={filters.stage ?? ''}
              onChange={(e) => setFilters({ ...filters, stage: e.currentTarget.value || null })}
              data={[
                { value: '', label: 'All stages' },
                ...data.stages.map((s) => ({
                  value: s.key,
                  label: `${s.label} (${applicants.filter((a) => a.stage === s.key).length})`,
                })),
              ]}
              data-testid="filter-stage"
            />
            <NativeSelect
              label="Match score"
              value={String(filters.minScore)}
              onChange={(e) => setFilters({ ...filters, minScore: Number(e.currentTarget.value) })}
              data={SCORE_OPTIONS}
            />
            <TextInput
              label="Skills"
              placeholder="React, SQL"
              value={filters.skills}
              onChange={(e) => setFilters({ ...filters, skills: e.currentTarget.value })}
            />
          </Group>
        )}
        {data && selected.size > 0 && (
          <Group gap="sm" align="flex-end" wrap="wrap" data-testid="bulk-move">
            <NativeSelect
              label={`Move ${selected.size} selected to`}
              value={bulkStage}
              onChange={(e) => setBulkStage(e.currentTarget.value)}
              data={[
                { value: '', label: 'Choose a stage' },
                ...data.stages.map((s) => ({ value: s.key, label: s.label })),
              ]}
            />
            <Button
              disabled={!bulkStage}
              onClick={() => {
                move([...selected], bulkStage);
                setSelected(new Set());
                setBulkStage('');
              }}
            >
              Move
            </Button>
            <Button variant="default" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </Group>
        )}
        {pipeline.isPending ? (
          <QueryLoading query={pipeline} skeletons={[160, 160]} />
        ) : !data ? (
          <Text c="dimmed" role="alert">
            The applicants could not be loaded. Check your connection and try again.
          </Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed" data-testid="pipeline-empty">
            {applicants.length === 0
              ? 'No applicants yet. They appear here as soon as candidates apply.'
              : 'No applicants match these filters.'}
          </Text>
        ) : (
          <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shown.map((a) => (
              <ApplicantCard
                key={a.applicationId}
                applicant={a}
                stages={data.stages}
                selected={selected.has(a.applicationId)}
                online={online}
                onSelect={(on) => {
                  const next = new Set(selected);
                  if (on) next.add(a.applicationId);
                  else next.delete(a.applicationId);
                  setSelected(next);
                }}
                onMove={(stage) => move([a.applicationId], stage, a.candidate.name)}
                onNote={(text) => note(a.applicationId, text, a.candidate.name)}
                onEvaluated={() =>
                  void queryClient.invalidateQueries({
                    queryKey: pipelineKeys.job(session.sub, jobId),
                  })
                }
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
