/**
 * "Report this job" for a signed-in job seeker (issue 21 item 1), loaded by report-job.tsx only
 * for them (issue 24 item 2: a signed-out job page carries none of it). The user picks a reason
 * (scam or fee request, misleading, duplicate, expired, other) and may add a note. The report is
 * queued in the outbox, so it is sent once, offline too; the server keeps one per user and job.
 * Plain React and the native dialog, like the apply dialogs: the job page loads no Mantine.
 */
import { useId, useState } from 'react';
import {
  JOB_REPORT_REASONS,
  JOB_REPORT_REASON_LABELS,
  ReportLimits,
  type JobReportReason,
} from '@/domain/contract/admin-jobs';
import buttons from '@/lib/ui/button.module.css';
import { MessageDialog } from '@/lib/ui/message-dialog';
import { showToast } from '@/lib/toast';
import classes from './report-job.module.css';

import type { ReportJobProps } from './report-job';

async function queueReport(
  userId: string,
  job: ReportJobProps['job'],
  reason: JobReportReason,
  note: string,
) {
  const { enqueueAction } = await import('@/lib/outbox');
  await enqueueAction({
    kind: 'reportJob',
    userId,
    subject: job.id,
    payload: {
      jobId: job.id,
      reason,
      ...(note.trim() ? { note: note.trim() } : {}),
      jobTitle: job.jobTitle,
      companyName: job.companyName,
    },
  });
}

export function ReportJobForm({ job, userId }: ReportJobProps & { readonly userId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<JobReportReason | null>(null);
  const [note, setNote] = useState('');
  const [sent, setSent] = useState(false);
  const noteId = useId();
  if (sent) {
    return (
      <p className={classes.done} role="status">
        Thanks for reporting this job. Our moderators will look at it.
      </p>
    );
  }
  const submit = async () => {
    if (!reason) return;
    try {
      await queueReport(userId, job, reason, note);
      setSent(true);
      setOpen(false);
    } catch {
      showToast('Could not save your report on this device. Please try again.', { type: 'error' });
    }
  };
  return (
    <>
      <button type="button" className={classes.link} onClick={() => setOpen(true)}>
        Report this job
      </button>
      {open && (
        <MessageDialog
          title="Report this job"
          onClose={() => setOpen(false)}
          testId="report-job-dialog"
          actions={
            <>
              <button
                type="button"
                className={buttons.button}
                disabled={!reason}
                onClick={() => void submit()}
              >
                Send report
              </button>
              <button type="button" className={buttons.secondary} onClick={() => setOpen(false)}>
                Cancel
              </button>
            </>
          }
        >
          <fieldset className={classes.reasons}>
            <legend>What is wrong with it?</legend>
            {JOB_REPORT_REASONS.map((value) => (
              <label key={value} className={classes.reason}>
                <input
                  type="radio"
                  name="report-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {JOB_REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <label htmlFor={noteId} className={classes.noteLabel}>
            Anything we should know? (optional)
          </label>
          <textarea
            id={noteId}
            className={classes.note}
            rows={3}
            maxLength={ReportLimits.noteMax}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        </MessageDialog>
      )}
    </>
  );
}
