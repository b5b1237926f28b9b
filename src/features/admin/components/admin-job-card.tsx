/**
 * One job in the admins' console (issue 21 item 1): what it is and where from, its status, the
 * system's flags, users' open reports with their reasons and notes, and the actions that apply
 * to it as it is now (the server refuses the others with its words anyway).
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatSalaryRange } from '@/domain/bands';
import {
  JOB_FLAG_LABELS,
  JOB_REPORT_REASON_LABELS,
  type AdminJob,
  type JobReportReason,
  type ModerationAction,
} from '@/domain/contract/admin-jobs';

export type CardAction = ModerationAction | 'delete';

const STATUS_LABELS: Record<string, { label: string; color: string }> = {
  PUBLISHED: { label: 'Listed', color: 'green' },
  PENDING_REVIEW: { label: 'In review', color: 'yellow' },
  REJECTED: { label: 'Rejected', color: 'red' },
  DRAFT: { label: 'Draft', color: 'gray' },
  CLOSED: { label: 'Closed', color: 'dark' },
  DELETED: { label: 'Deleted', color: 'dark' },
};

/** The actions the server accepts for the job as it is (server/admin/jobs.ts). */
export function actionsFor(job: AdminJob): CardAction[] {
  if (job.status === 'DELETED') return [];
  const actions: CardAction[] = [];
  const approvable = ['PENDING_REVIEW', 'REJECTED', 'PUBLISHED'].includes(job.status);
  // Approving a listed job that is not marked bad and has no reports or flags changes nothing.
  if (
    approvable &&
    (job.status !== 'PUBLISHED' || job.badJob || job.reports.open > 0 || job.flags.length > 0)
  ) {
    actions.push('approve');
  }
  if (job.status === 'PENDING_REVIEW') actions.push('reject');
  if (!job.badJob) actions.push('markBad');
  if (job.status === 'PUBLISHED') actions.push('unpublish');
  actions.push('delete');
  return actions;
}

export const ACTION_LABELS: Record<CardAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  markBad: 'Mark bad',
  unpublish: 'Unpublish',
  delete: 'Delete',
};

function reportSummary(job: AdminJob): string {
  const parts = Object.entries(job.reports.byReason).map(
    ([reason, n]) => `${JOB_REPORT_REASON_LABELS[reason as JobReportReason] ?? reason} ×${n}`,
  );
  const count = job.reports.open === 1 ? '1 report' : `${job.reports.open} reports`;
  return `${count}: ${parts.join(', ')}`;
}

export interface AdminJobCardProps {
  readonly job: AdminJob;
  readonly busy: boolean;
  readonly onAction: (action: CardAction) => void;
  readonly onCompany: (companyId: string, companyName: string) => void;
}

export function AdminJobCard({ job, busy, onAction, onCompany }: AdminJobCardProps) {
  const status = STATUS_LABELS[job.status] ?? { label: job.status, color: 'gray' };
  const salary =
    job.salaryRange.min !== null && job.salaryRange.max !== null
      ? formatSalaryRange(job.salaryRange)
      : 'No salary';
  return (
    <Card withBorder padding="md" data-testid="admin-job" data-job-id={job.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {job.jobTitle}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {job.badJob && (
              <Badge color="red" variant="filled">
                Bad
              </Badge>
            )}
            <Badge color={status.color} variant="light">
              {status.label}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {job.companyId ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onCompany(job.companyId!, job.companyName)}
            >
              {job.companyName}
            </Anchor>
          ) : (
            job.companyName
          )}
          {` · ${job.city} · ${salary} · ${job.isExternal ? 'External portal' : 'Company post'}`}
        </Text>
        {job.flags.length > 0 && (
          <Group gap={4} data-testid="job-flags">
            {job.flags.map((flag) => (
              <Badge key={flag} color="orange" variant="outline" size="sm">
                {JOB_FLAG_LABELS[flag]}
              </Badge>
            ))}
          </Group>
        )}
        {job.reports.open > 0 && (
          <Stack gap={2} data-testid="job-reports">
            <Text size="sm" c="red.8">
              {reportSummary(job)}
            </Text>
            {job.reports.notes.map((note, index) => (
              <Text
                key={index}
                size="sm"
                c="dimmed"
                fs="italic"
                style={{ overflowWrap: 'anywhere' }}
              >
                “{note}”
              </Text>
            ))}
          </Stack>
        )}
        {job.moderationReason && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Moderator’s note: {job.moderationReason}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          {actionsFor(job).map((action) => (
            <Button
              key={action}
              size="compact-sm"
              variant={action === 'approve' ? 'filled' : action === 'delete' ? 'subtle' : 'light'}
              color={action === 'approve' ? 'green' : action === 'unpublish' ? 'gray' : 'red'}
              disabled={busy}
              onClick={() => onAction(action)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
