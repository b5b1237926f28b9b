import { Suspense, useState } from 'react';
import { AlertsExplainer } from '@/features/push';
import { getSession } from '@/lib/auth';
import { useDbQuery, type JobRecord } from '@/lib/db';
import { showToast } from '@/lib/toast';
import { countSavedJobs, getSavedJob, saveJob, unsaveJob } from './store';
import classes from './saved-jobs.module.css';

/**
 * Save / Saved toggle on job cards and the job detail page; works offline (Dexie first). After
 * the first save: ask for persistent storage (stack-notes: on a user action that stores important
 * data), and, for a signed-in user, explain job alerts before any permission prompt (issue 8).
 */
export function SaveJobButton({ job }: { job: JobRecord }) {
  const saved = useDbQuery(() => getSavedJob(job.id).then(Boolean), [job.id]);
  const [busy, setBusy] = useState(false);
  const [explainAlerts, setExplainAlerts] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      if (saved) {
        await unsaveJob(job.id);
      } else {
        const first = (await countSavedJobs()) === 0;
        await saveJob(job);
        if (first) {
          void navigator.storage?.persist?.().catch(() => false);
          // Alerts are for signed-in users: push's code loads only for them (issue 24 item 2).
          if (getSession()) setExplainAlerts(true);
        }
      }
    } catch {
      showToast('Could not update your saved jobs on this device.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={classes.saveButton}
        aria-pressed={saved === true}
        aria-label={saved ? `Saved: ${job.jobTitle}` : `Save ${job.jobTitle}`}
        disabled={busy || saved === undefined}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true">{saved ? '★' : '☆'}</span> {saved ? 'Saved' : 'Save'}
      </button>
      {explainAlerts && (
        <Suspense fallback={null}>
          <AlertsExplainer onClose={() => setExplainAlerts(false)} />
        </Suspense>
      )}
    </>
  );
}
