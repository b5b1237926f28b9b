/**
 * /v1/admin/ajobs (issue 21 item 1; spec §2: where admins land): the moderation queue (posts in
 * review, reported by users, flagged by the rules; oldest first) and every job across companies
 * and portals, searched and filtered. Actions wait for the server's answer and say what happened.
 */
import {
  Alert,
  Button,
  CloseButton,
  Container,
  Group,
  NativeSelect,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminJob, AdminJobsQuery, ModerationQueue } from '@/domain/contract/admin-jobs';
import { userErrorText } from '@/lib/api';
import { AdminNav } from '../admin-nav';
import { adminJobKeys, adminJobsQuery, deleteJob, moderateJob } from '../api/admin-jobs';
import { ACTION_LABELS, AdminJobCard, type CardAction } from './admin-job-card';
import { ReasonDialog } from './reason-dialog';
import { QueryLoading } from '@/lib/ui/query-loading';

type View = ModerationQueue | 'all';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  { value: 'PUBLISHED', label: 'Listed' },
  { value: 'PENDING_REVIEW', label: 'In review' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'bad', label: 'Marked bad' },
  { value: 'DRAFT', label: 'Draft' },
  { value: 'CLOSED', label: 'Closed' },
  { value: 'DELETED', label: 'Deleted' },
];
const SOURCE_OPTIONS = [
  { value: '', label: 'Any source' },
  { value: 'company', label: 'Company posts' },
  { value: 'external', label: 'External portals' },
];

const DONE: Record<CardAction, string> = {
  approve: 'Approved: the job is listed.',
  reject: 'Rejected: the company has your reason.',
  markBad: 'Marked bad: the job is off the listing.',
  unpublish: 'Unpublished: the job is back to a draft.',
  delete: 'Deleted.',
};

const QUESTIONS: Record<CardAction, string> = {
  approve: 'Approve this job?',
  reject: 'Reject this job?',
  markBad: 'Mark this job as bad?',
  unpublish: 'Unpublish this job?',
  delete: 'Delete this job?',
};

export function JobsConsolePage() {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('pending');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [status, setStatus] = useState('');
  const [source, setSource] = useState('');
  const [company, setCompany] = useState<{ id: string; name: string } | null>(null);
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<{ job: AdminJob; action: CardAction } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const query: AdminJobsQuery = {
    page,
    ...(q ? { q } : {}),
    ...(view === 'all' ? {} : { queue: view }),
    ...(view === 'all' && status ? { status: status as AdminJobsQuery['status'] } : {}),
    ...(view === 'all' && source ? { source: source as AdminJobsQuery['source'] } : {}),
    ...(company ? { companyId: company.id } : {}),
  };
  const jobs = useQuery(adminJobsQuery(query));
  const queues = jobs.data?.queues;

  function refilter(change: () => void) {
    change();
    setPage(1);
  }

  async function run(job: AdminJob, action: CardAction, reason: string) {
    setBusy(true);
    setMessage(null);
    try {
      if (action === 'delete') await deleteJob(job.id, reason);
      else await moderateJob(job.id, { action, ...(reason ? { reason } : {}) });
      setMessage({ ok: true, text: `${job.jobTitle}: ${DONE[action]}` });
      setAsking(null);
      await queryClient.invalidateQueries({ queryKey: adminJobKeys.all });
    } catch (error) {
      setMessage({ ok: false, text: userErrorText(error) });
    } finally {
      setBusy(false);
    }
  }

  const count = (n: number | undefined) => (n === undefined ? '' : ` ${n}`);
  return (
    <Container size="md" px="md" py="lg" data-testid="admin-jobs-page">
      <Stack gap="md">
        <AdminNav />
        <Title order={1} size="h2">
          Jobs
        </Title>
        <SegmentedControl<View>
          fullWidth
          size="xs"
          aria-label="Which jobs"
          value={view}
          onChange={(value) => refilter(() => setView(value))}
          data={[
            { value: 'pending', label: `Review${count(queues?.pending)}` },
            { value: 'reported', label: `Reported${count(queues?.reported)}` },
            { value: 'flagged', label: `Flagged${count(queues?.flagged)}` },
            { value: 'all', label: 'All jobs' },
          ]}
        />
        <TextInput
          type="search"
          label="Search"
          placeholder="Job title or company"
          value={text}
          onChange={(event) => refilter(() => setText(event.currentTarget.value))}
        />
        {view === 'all' && (
          <Group grow gap="xs">
            <NativeSelect
              label="Status"
              data={STATUS_OPTIONS}
              value={status}
              onChange={(event) => refilter(() => setStatus(event.currentTarget.value))}
            />
            <NativeSelect
              label="Source"
              data={SOURCE_OPTIONS}
              value={source}
              onChange={(event) => refilter(() => setSource(event.currentTarget.value))}
            />
          </Group>
        )}
        {company && (
          <Group gap={4}>
            <Text size="sm">Company: {company.name}</Text>
            <CloseButton
              size="sm"
              aria-label="Any company"
              onClick={() => refilter(() => setCompany(null))}
            />
          </Group>
        )}
        {message && (
          <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        )}
        {jobs.isError && !jobs.data && (
          <Alert color="red" role="alert">
            {userErrorText(jobs.error)}
            <Button size="compact-sm" variant="light" ml="sm" onClick={() => void jobs.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {jobs.data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {jobs.data.total === 0
              ? view === 'all'
                ? 'No jobs match.'
                : 'Nothing waiting here.'
              : `${jobs.data.total} ${jobs.data.total === 1 ? 'job' : 'jobs'}${view === 'all' ? '' : ', oldest first'}`}
          </Text>
        )}
        {!jobs.data && jobs.isPending && <QueryLoading query={jobs}>Loading jobs…</QueryLoading>}
        <Stack gap="sm">
          {jobs.data?.data.map((job) => (
            <AdminJobCard
              key={job.id}
              job={job}
              busy={busy}
              onCompany={(id, name) => refilter(() => setCompany({ id, name }))}
              onAction={(action) =>
                action === 'approve' ? void run(job, action, '') : setAsking({ job, action })
              }
            />
          ))}
        </Stack>
        {jobs.data && jobs.data.total > jobs.data.pageSize && (
          <Pagination
            total={Math.ceil(jobs.data.total / jobs.data.pageSize)}
            value={page}
            onChange={setPage}
            size="sm"
            siblings={0}
          />
        )}
      </Stack>
      {asking && (
        <ReasonDialog
          title={QUESTIONS[asking.action]}
          jobTitle={`${asking.job.jobTitle} · ${asking.job.companyName}`}
          confirm={ACTION_LABELS[asking.action]}
          required={asking.action !== 'delete'}
          busy={busy}
          onClose={() => setAsking(null)}
          onConfirm={(reason) => void run(asking.job, asking.action, reason)}
        />
      )}
    </Container>
  );
}
