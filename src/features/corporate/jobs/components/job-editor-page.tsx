/**
 * Post or edit a job (issue 20 item 1). The form is saved on the device as it is typed
 * (use-job-draft.ts); Save draft and Publish queue the job in the outbox (lib/corporate/
 * jobs-actions.ts), so both work offline and are sent once when the connection returns. Before
 * queueing, the values are checked with the messages of job-form-model.ts; the first field in
 * error takes the focus.
 */
import { Alert, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PENDING_REVIEW } from '@/domain/contract/corporate-jobs';
import { useConnectivity } from '@/lib/api';
import { queueJobSave } from '@/lib/corporate/jobs-actions';
import { corporateJobSubject, useOutboxActions, type CorporateJobSavePayload } from '@/lib/outbox';
import { toast } from '@/lib/toast';
import {
  toJobBody,
  validateJobForm,
  type JobFormErrors,
  type JobFormValues,
  type SaveIntent,
} from '../job-form-model';
import { useJobDraft } from '../use-job-draft';
import { JobForm } from './job-form';

export interface JobEditorPageProps {
  userId: string;
  jobId: string;
  /** The id was just chosen on this device (Post a job): a new job, whatever the network says. */
  fresh?: boolean;
}

function focusFirstError(errors: JobFormErrors) {
  requestAnimationFrame(() => {
    const invalid = document.querySelector<HTMLElement>(
      '[data-testid="job-form"] [aria-invalid="true"]',
    );
    invalid?.focus();
    invalid?.scrollIntoView({ block: 'center' });
  });
  return Object.keys(errors).length;
}

export function JobEditorPage({ userId, jobId, fresh = false }: JobEditorPageProps) {
  const navigate = useNavigate();
  const connectivity = useConnectivity();
  const subject = corporateJobSubject(jobId);
  const queuedSave = useOutboxActions(userId)
    .filter((a) => a.subject === subject && a.kind === 'corporateJobSave')
    .at(-1);
  const { state, change, forget, serverJob } = useJobDraft(
    userId,
    jobId,
    queuedSave ? (queuedSave.payload as CorporateJobSavePayload) : null,
    fresh,
  );
  const [errors, setErrors] = useState<JobFormErrors>({});
  const [busy, setBusy] = useState(false);

  if (state.status === 'loading') {
    return (
      <Container size="sm" py="lg" aria-busy="true">
        <Text>Loading the job…</Text>
      </Container>
    );
  }
  if (state.status === 'unavailable') {
    return (
      <Container size="sm" py="lg">
        <Stack>
          <Title order={1} size="h2">
            Edit job
          </Title>
          <Text>This job is not saved on this device yet. Connect to the internet to edit it.</Text>
          <Anchor component={Link} to="/v1/corporate/jobs">
            Back to your jobs
          </Anchor>
        </Stack>
      </Container>
    );
  }

  const { values, onServer, savedAt } = state;
  const status = serverJob?.status ?? null;
  const listed = status === 'PUBLISHED' || status === PENDING_REVIEW;
  const isNew = !onServer;

  const onChange = (next: JobFormValues) => {
    change(next);
    // A field corrected loses its message; the others wait for the next save.
    if (Object.keys(errors).length > 0) {
      setErrors(
        Object.fromEntries(
          Object.entries(errors).filter(([field]) => {
            const key = field as keyof JobFormValues;
            return next[key] === values[key];
          }),
        ),
      );
    }
  };

  const save = async (intent: SaveIntent) => {
    const found = validateJobForm(values, intent);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setBusy(true);
    try {
      const body = toJobBody(values, intent === 'publish' ? 'PUBLISHED' : 'DRAFT');
      // An edit of a closed job keeps it closed: its status is left out.
      const job = status === 'CLOSED' ? { ...body, status: undefined } : body;
      forget();
      await queueJobSave({
        userId,
        jobId,
        create: isNew,
        job,
        changes: listed || status === 'CLOSED',
      });
      if (connectivity === 'offline') {
        toast.info('Saved on this device: it will be sent when you are back online.');
      }
      await navigate({ to: '/v1/corporate/jobs' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size="sm" px="md" py="lg">
      <Stack gap="md">
        <div>
          <Anchor component={Link} to="/v1/corporate/jobs" size="sm">
            ← Your jobs
          </Anchor>
          <Title order={1} size="h2">
            {isNew ? 'Post a job' : 'Edit job'}
          </Title>
          <Text size="sm" c="dimmed" data-testid="draft-status" aria-live="polite">
            {savedAt
              ? 'Draft saved on this device'
              : 'Changes are saved on this device as you type'}
          </Text>
        </div>
        {status === PENDING_REVIEW && (
          <Alert color="yellow" title="Waiting for review">
            A moderator checks this job before it is listed.
          </Alert>
        )}
        <form
          data-testid="job-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save('publish');
          }}
        >
          <JobForm values={values} errors={errors} onChange={onChange} />
          {Object.keys(errors).length > 0 && (
            <Text c="red.8" size="sm" mt="md" role="alert">
              Some fields need your attention.
            </Text>
          )}
          <Group mt="lg" gap="sm">
            {listed || status === 'CLOSED' ? (
              <Button
                type="button"
                loading={busy}
                onClick={() => void save(listed ? 'publish' : 'draft')}
              >
                Save changes
              </Button>
            ) : (
              <>
                <Button type="submit" loading={busy}>
                  Publish
                </Button>
                <Button
                  type="button"
                  variant="default"
                  disabled={busy}
                  onClick={() => void save('draft')}
                >
                  Save draft
                </Button>
              </>
            )}
          </Group>
        </form>
      </Stack>
    </Container>
  );
}
