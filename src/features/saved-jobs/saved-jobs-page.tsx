import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { formatSalaryRange } from '@/domain/bands';
import { JobAlertsToggle } from '@/features/push';
import { useSession } from '@/lib/auth';
import { useAutosave } from '@/lib/autosave';
import { useDbQuery } from '@/lib/db';
import { showToast } from '@/lib/toast';
import {
  listSavedJobs,
  NOTE_MAX_LENGTH,
  setSavedJobNote,
  unsaveJob,
  type SavedJobView,
} from './store';
import { pullSavedJobs } from './pull';
import classes from './saved-jobs.module.css';

/** The URL segment for a company name (the jobs feature's rule: spaces become underscores). */
const companySlug = (name: string) => name.trim().replace(/\s+/g, '_');

/**
 * The Saved jobs screen (issue 8): read from Dexie only, so it works fully offline; each job
 * links to its detail page, which opens from the job cache.
 */
export function SavedJobsPage() {
  const views = useDbQuery(listSavedJobs, []);
  const signedInAs = useSession()?.sub;
  useEffect(() => {
    // Offline, or the server unreachable: this device's list is shown as it is.
    if (signedInAs) pullSavedJobs().catch(() => undefined);
  }, [signedInAs]);
  return (
    <section className={classes.page}>
      <h1 className={classes.heading}>Saved jobs</h1>
      <JobAlertsToggle />
      {views === undefined ? (
        <p aria-busy="true">Loading your saved jobs…</p>
      ) : views.length === 0 ? (
        <div className={classes.empty}>
          <p>You have not saved any jobs yet.</p>
          <p>
            Tap <strong>Save</strong> on a job to keep it here; saved jobs open even offline.{' '}
            <Link to="/jobs">Browse jobs</Link>
          </p>
        </div>
      ) : (
        <ul className={classes.list}>
          {views.map((view) => (
            <SavedJobItem key={view.saved.jobId} view={view} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedJobItem({ view }: { view: SavedJobView }) {
  const { saved, job, score, application } = view;
  const [note, setNote] = useState(saved.note ?? '');
  const [noteSaved, setNoteSaved] = useState(false);
  const title = job?.jobTitle ?? 'A saved job';
  const companyName = job?.companyName ?? '';
  const noteId = `note-${saved.jobId}`;
  const closed = typeof job?.status === 'string' && job.status !== 'PUBLISHED';
  // Written as it is typed, not only on blur: a phone sent to the background or a tab closed
  // mid-note keeps it (a blur never comes then).
  const lastWritten = useRef<string | null>(saved.note ?? '');
  const noteWriter = useAutosave((text: string) => {
    if (text === lastWritten.current) return;
    lastWritten.current = text;
    setSavedJobNote(saved.jobId, text).then(
      () => setNoteSaved(true),
      () => {
        // Not on the device: leaving the field or typing again tries the same text again.
        if (lastWritten.current === text) lastWritten.current = null;
        showToast('Could not save your note on this device.', { type: 'error' });
      },
    );
  });
  return (
    <li className={classes.item} data-testid="saved-job">
      <h2 className={classes.title}>
        <Link
          to="/jobs/$companyName/$jobId"
          params={{ companyName: companySlug(companyName || 'job'), jobId: saved.jobId }}
        >
          {title}
        </Link>
      </h2>
      {companyName && <p className={classes.company}>{companyName}</p>}
      <ul className={classes.facts}>
        {job?.location?.city && <li>{job.location.city}</li>}
        {job && <li>{formatSalaryRange(job.salaryRange, job.displaySalaryRange !== false)}</li>}
        {score !== undefined && <li>{Math.round(score)}% match</li>}
        {application === 'submitted' && <li className={classes.applied}>Applied</li>}
        {application === 'pending' && <li>Application waiting to be sent</li>}
        {closed && <li className={classes.closed}>No longer open</li>}
      </ul>
      <div className={classes.noteHeader}>
        <label htmlFor={noteId} className={classes.noteLabel}>
          Your note
        </label>
        <span className={classes.noteStatus} role="status">
          {noteSaved ? 'Note saved' : ''}
        </span>
      </div>
      <textarea
        id={noteId}
        className={classes.note}
        value={note}
        maxLength={NOTE_MAX_LENGTH}
        rows={2}
        placeholder="e.g. ask Priya for a referral"
        onChange={(event) => {
          setNote(event.target.value);
          setNoteSaved(false);
          noteWriter.schedule(event.target.value);
        }}
        onBlur={(event) => {
          // The field's text, not only a scheduled one: a write that failed is tried again here.
          noteWriter.schedule(event.target.value);
          noteWriter.flush();
        }}
      />
      <div className={classes.actions}>
        <button
          type="button"
          className={classes.removeButton}
          aria-label={`Remove ${title}`}
          onClick={() => void unsaveJob(saved.jobId)}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
