/**
 * The company's jobs at /v1/corporate/jobs/ (issue 20 item 1; spec §2 dashboard target of
 * corporate users): the jobs from the server (cached for offline reading), the drafts kept on
 * this device, the posts queued but not yet sent, and Post a job. Row actions are queued in the
 * outbox (lib/corporate/jobs-actions.ts); when one is delivered the list is read again.
 */
import { Alert, Anchor, Button, Container, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { hasPermission, permissionRoles } from '@/domain/roles';
import type { SessionSummary } from '@/lib/auth';
import { queueJobStatus, type JobStatusAction } from '@/lib/corporate/jobs-actions';
import {
  corporateJobKeys,
  corporateJobsQuery,
  type CorporateJobRow,
} from '@/lib/corporate/jobs-queries';
import { listJobDrafts, useDbQuery } from '@/lib/db';
import {
  actionLabel,
  corporateJobSubject,
  useOutboxActions,
  useOutboxEvents,
  type CorporateJobSavePayload,
} from '@/lib/outbox';
import { draftValues } from '../job-form-model';
import { JobRow } from './job-row';
import { QueryLoading } from '@/lib/ui/query-loading';

function newJobId(): string {
  return `job-${crypto.randomUUID()}`;
}

export function JobsPage({ session }: { session: SessionSummary }) {
  const userId = session.sub;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const jobs = useInfiniteQuery(corporateJobsQuery(userId));
  const drafts = useDbQuery(() => listJobDrafts(userId), [userId]) ?? [];
  const queued = useOutboxActions(userId).filter((a) => a.kind.startsWith('corporateJob'));
  const [confirm, setConfirm] = useState<{ id: string; title: string } | null>(null);
  // spec §6: unpublish, close and delete need delete_jobs (not a recruiter's).
  const canTakeDown = hasPermission(permissionRoles(session), 'delete_jobs');
  // spec §6: the company's users are managed by corporate admins (manage_users) only.
  const canManageUsers = hasPermission(permissionRoles(session), 'manage_users');

  useOutboxEvents((event) => {
    if (
      event.type === 'changed' &&
      event.kind.startsWith('corporateJob') &&
      event.state === 'done'
    ) {
      void queryClient.invalidateQueries({ queryKey: corporateJobKeys.all(userId) });
    }
  });

  const rows = jobs.data?.pages.flatMap((page) => page.data) ?? [];
  const known = new Set(rows.map((job) => job.id));
  const pendingFor = (jobId: string) => {
    const action = queued.find((a) => a.subject === corporateJobSubject(jobId));
    return action ? actionLabel(action, 'Change') : null;
  };
  // A listed job's edit still in the outbox: its row reads as the user left it (the title they
  // typed, not the server's old one) until the server has it.
  const asQueued = (job: CorporateJobRow): CorporateJobRow => {
    const save = queued
      .filter((a) => a.kind === 'corporateJobSave' && a.subject === corporateJobSubject(job.id))
      .at(-1);
    if (!save) return job;
    const edit = (save.payload as CorporateJobSavePayload).job;
    return {
      ...job,
      jobTitle: edit.jobTitle,
      department: edit.department,
      workMode: edit.workMode,
      location: { city: edit.location.city, fullLocation: edit.location.fullLocation ?? [] },
    };
  };
  const queuedPosts = queued.filter(
    (a) =>
      a.kind === 'corporateJobSave' && !known.has((a.payload as CorporateJobSavePayload).jobId),
  );

  const act = (job: { id: string; jobTitle: string }, kind: JobStatusAction) => {
    if (kind === 'corporateJobDelete') {
      setConfirm({ id: job.id, title: job.jobTitle });
      return;
    }
    void queueJobStatus({ userId, jobId: job.id, jobTitle: job.jobTitle, kind });
  };

  return (
    <Container size="md" px="md" py="lg" data-testid="corporate-jobs">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              Your jobs
            </Title>
            <Text c="dimmed" size="sm">
              Post jobs, publish them and follow their applicants.
            </Text>
            <Group gap="md" mt={4} component="nav" aria-label="Your company">
              <Anchor component={Link} to="/v1/corporate/company" size="sm">
                Company
              </Anchor>
              {canManageUsers && (
                <Anchor component={Link} to="/v1/corporate/users" size="sm">
                  Users
                </Anchor>
              )}
            </Group>
          </div>
          <Button
            onClick={() =>
              void navigate({
                to: '/v1/corporate/jobs/$jobId/edit',
                params: { jobId: newJobId() },
                search: { new: true },
              })
            }
          >
            Post a job
          </Button>
        </Group>

        {drafts.length > 0 && (
          <Stack gap={4} data-testid="device-drafts">
            <Title order={2} size="h4">
              Drafts on this device
            </Title>
            {drafts.map((draft) => (
              <Text key={draft.jobId} size="sm">
                <Anchor
                  component={Link}
                  to={`/v1/corporate/jobs/${encodeURIComponent(draft.jobId)}/edit`}
                >
                  {draftValues(draft.values)?.jobTitle.trim() || 'Untitled job'}
                </Anchor>{' '}
                <Text span c="dimmed" size="xs">
                  {draft.onServer ? 'unsaved changes' : 'not yet sent'}
                </Text>
              </Text>
            ))}
          </Stack>
        )}

        {queuedPosts.map((action) => {
          const payload = action.payload as CorporateJobSavePayload;
          return (
            <Alert key={action.seq} color="blue" data-testid="queued-post">
              {payload.job.jobTitle}: waiting to be sent
              {action.state === 'failed' && action.lastError ? ` (${action.lastError})` : ''}
            </Alert>
          );
        })}

        {jobs.isPending && <QueryLoading query={jobs}>Loading your jobs…</QueryLoading>}
        {jobs.isError && rows.length === 0 && (
          <Alert color="red" title="Something went wrong">
            Your jobs could not be loaded. Check your connection and try again.
          </Alert>
        )}
        {jobs.isSuccess && rows.length === 0 && queuedPosts.length === 0 && (
          <Text>No jobs yet. Post your first job to start receiving applicants.</Text>
        )}
        {rows.map(asQueued).map((job) => (
          <JobRow
            key={job.id}
            job={job}
            canTakeDown={canTakeDown}
            pending={pendingFor(job.id)}
            onAction={(kind) => act(job, kind)}
          />
        ))}
        {jobs.hasNextPage && (
          <Button
            variant="default"
            loading={jobs.isFetchingNextPage}
            onClick={() => void jobs.fetchNextPage()}
          >
            More jobs
          </Button>
        )}
      </Stack>

      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title="Delete this job?"
        centered
      >
        <Text size="sm">
          {confirm?.title} will be removed from your jobs and from the listing. Applicants keep
          their application in their history.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirm(null)}>
            Keep it
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (confirm) {
                void queueJobStatus({
                  userId,
                  jobId: confirm.id,
                  jobTitle: confirm.title,
                  kind: 'corporateJobDelete',
                });
              }
              setConfirm(null);
            }}
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </Container>
  );
}
