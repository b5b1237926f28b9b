/**
 * One of the company's jobs in its list (issue 20 item 1): title, status, where, applicants by
 * state with the link to the pipeline, and the actions the user's role allows (spec §6: only
 * delete_jobs unpublishes, closes or deletes; a recruiter sees none of them).
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { corporateJobState, type CorporateJobState } from '@/domain/contract/corporate-jobs';
import type { CorporateJobRow } from '@/lib/corporate/jobs-queries';
import type { JobStatusAction } from '@/lib/corporate/jobs-actions';

const STATE_BADGE: Record<CorporateJobState, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  published: { label: 'Published', color: 'green' },
  pendingReview: { label: 'In review', color: 'yellow' },
  rejected: { label: 'Rejected', color: 'red' },
  closed: { label: 'Closed', color: 'dark' },
  flagged: { label: 'Flagged', color: 'red' },
  unknown: { label: 'Unknown', color: 'gray' },
};

const STAGE_LABELS: Record<string, string> = {
  APPLIED: 'Applied',
  UNDER_REVIEW: 'Under review',
  SHORTLISTED: 'Shortlisted',
  INTERVIEWING: 'Interview',
  OFFERED: 'Offer',
  HIRED: 'Hired',
  REJECTED: 'Rejected',
};

export interface JobRowProps {
  job: CorporateJobRow;
  canTakeDown: boolean;
  /** A queued action on this job not yet delivered (its label), or null. */
  pending: string | null;
  onAction: (kind: JobStatusAction) => void;
}

export function JobRow({ job, canTakeDown, pending, onAction }: JobRowProps) {
  const state = corporateJobState(job);
  const badge = STATE_BADGE[state];
  const stages = Object.entries(job.applicants.byStatus).filter(([, n]) => n > 0);
  return (
    <Card withBorder padding="md" data-testid="corporate-job-row" data-job-id={job.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {job.jobTitle}
          </Text>
          <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {[job.department, job.location?.city, job.workMode].filter(Boolean).join(' · ')}
        </Text>
        {job.moderationReason && state !== 'published' && state !== 'pendingReview' && (
          // Issue 21 item 1: the company reads why a moderator held the job back.
          <Text size="sm" c="red.8" data-testid="moderation-reason">
            {state === 'flagged' ? 'Taken down by our moderators' : 'Moderator’s note'}:{' '}
            {job.moderationReason}
          </Text>
        )}
        {pending && (
          <Text size="sm" c="blue.8" data-testid="row-pending">
            {pending}: waiting to be sent
          </Text>
        )}
        <Text size="sm">
          {/* The pipeline screen (issue 20 item 2): a client-side route change, no reload. */}
          <Anchor
            component={Link}
            to={`/v1/corporate/jobs/${encodeURIComponent(job.id)}/applicants`}
          >
            Applicants ({job.applicants.total})
          </Anchor>
          {stages.length > 0 &&
            ` · ${stages.map(([status, n]) => `${STAGE_LABELS[status] ?? status} ${n}`).join(' · ')}`}
        </Text>
        <Group gap="xs" mt={4}>
          <Button
            size="compact-sm"
            variant="light"
            component={Link}
            to={`/v1/corporate/jobs/${encodeURIComponent(job.id)}/edit`}
          >
            Edit
          </Button>
          {(state === 'draft' || state === 'rejected') && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => onAction('corporateJobPublish')}
            >
              Publish
            </Button>
          )}
          {canTakeDown && (state === 'published' || state === 'pendingReview') && (
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => onAction('corporateJobUnpublish')}
            >
              Unpublish
            </Button>
          )}
          {canTakeDown && state === 'published' && (
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => onAction('corporateJobClose')}
            >
              Close
            </Button>
          )}
          {canTakeDown && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => onAction('corporateJobDelete')}
            >
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
