import { Suspense, useState } from 'react';
import { AlertsExplainer } from '@/features/push';
import { getSession } from '@/lib/auth';
import type { JobRecord } from '@/lib/db';
import { sharedDeviceQuery, useSharedDeviceQuery } from '@/lib/db/device';
import { showToast } from '@/lib/toast';
import classes from './saved-jobs.module.css';

/**
 * Save / Saved toggle on job cards and the job detail page; works offline (Dexie first). After
 * the first save: ask for persistent storage (stack-notes: on a user action that stores important
 * data), and, for a signed-in user, explain job alerts before any permission prompt (issue 8).
 *
 * Issue 24: the saved state is read through the on-demand database (a device that never saved
 * anything shows "Save" without loading it) and the store comes with the first tap. The saved
 * ids are one live read shared by every button on the page: a listing's cards each ran their own.
 */
const savedIds = sharedDeviceQuery<ReadonlySet<string>, ReadonlySet<string>>(
  // The rows' keys (store.ts's table): a live query may only await the database's promises.
  (db) =>
    db
      .getDb()
      .savedJobs.toCollection()
      .primaryKeys()
      .then((ids) => new Set(ids)),
  new Set(),
);

export function SaveJobButton({ job }: { job: JobRecord }) {
  const ids = useSharedDeviceQuery(savedIds);
  const saved = ids?.has(job.id);
  const [busy, setBusy] = useState(false);
  const [explainAlerts, setExplainAlerts] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      const { countSavedJobs, saveJob, unsaveJob } = await import('./store');
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
