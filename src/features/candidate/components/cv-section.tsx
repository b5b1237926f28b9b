/**
 * The profile page's CV card (issue 10 part 4): the current CV and its parse state, View CV
 * through a short-lived link, Replace CV through the resume update dialog, and a parse-progress
 * view while the server reads a new CV. That view is what a candidate sees after closing the
 * dialog early, or when a CV queued offline has gone out since: the details are re-read every
 * 5 s (spec §9 parse loader: check every 5 s, at most 40 s; then every 30 s, since a parse can
 * wait behind others) until the CV has been read or has failed.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import buttons from '@/lib/ui/button.module.css';
import { parseLoaderProgress, PARSE_LOADER_MAX_MS, ResumeUpdateButton } from '@/features/apply';
import type { SessionSummary } from '@/lib/auth';
import { useConnectivity } from '@/lib/api';
import { useOutboxActions } from '@/lib/outbox';
import { basicDetailsQuery, type BasicDetails } from '@/lib/profile';
import { cvLinkQuery } from '../api/cv-link';
import classes from './profile-page.module.css';

// spec §9: the parse loader checks every 5 s for at most 40 s.
const PARSE_CHECK_MS = 5_000;
const LATE_PARSE_CHECK_MS = 30_000;

interface CvSectionProps {
  readonly session: SessionSummary;
  readonly details: BasicDetails | undefined;
}

export function CvSection({ session, details }: CvSectionProps) {
  const uploads = useOutboxActions(session.sub).filter((a) => a.kind === 'cvUpload');
  const waiting = uploads.at(-1);
  let state: string | null = null;
  if (waiting) {
    state =
      waiting.state === 'failed'
        ? `The upload of ${waiting.subject} failed: ${waiting.lastError ?? 'Something went wrong'}`
        : `${waiting.subject} is saved on this device and uploads when you are online.`;
  } else if (!details) {
    state = 'Loading…';
  } else if (details.isCvExtracted) {
    const when = details.cvUpdatedAt ? Date.parse(details.cvUpdatedAt) : NaN;
    state = `${details.CV ?? 'Your CV'}${
      Number.isFinite(when) ? `, uploaded ${new Date(when).toLocaleDateString('en-IN')}` : ''
    }, has been read: your skills and experience come from it.`;
  } else if (details.cvParseError) {
    state = `We could not read your last CV: ${details.cvParseError}`;
  } else if (!details.CV) {
    state = 'No CV yet. Upload one to get match scores and referrals.';
  }
  return (
    <section className={classes.card} aria-labelledby="cv-heading">
      <h2 id="cv-heading" className={classes.cardTitle}>
        CV
      </h2>
      {state !== null ? (
        <p role="status" data-testid="cv-state">
          {state}
        </p>
      ) : (
        details && <CvParseProgress session={session} details={details} />
      )}
      <div className={classes.actions}>
        {details?.CV && !waiting && (
          <ViewCvLink
            email={session.email}
            fileVersion={`${details.CV}@${details.cvUpdatedAt ?? ''}`}
          />
        )}
        <ResumeUpdateButton
          session={session}
          label={details?.isCvExtracted ? 'Replace CV' : 'Upload CV'}
        />
      </div>
    </section>
  );
}

/**
 * While the server reads the CV: a bar that creeps towards 95 % (spec §9, the dialog's own
 * curve), counted from the upload time the server gives (clamped: a clock that is off, or a
 * page opened long after, starts the bar at once or shows it late), and the re-reads that end it.
 */
function CvParseProgress({
  session,
  details,
}: {
  readonly session: SessionSummary;
  readonly details: BasicDetails;
}) {
  const connectivity = useConnectivity();
  const [startedAt] = useState(() => {
    const now = Date.now();
    const uploaded = details.cvUpdatedAt ? Date.parse(details.cvUpdatedAt) : NaN;
    return Number.isFinite(uploaded)
      ? Math.min(now, Math.max(uploaded, now - PARSE_LOADER_MAX_MS))
      : now;
  });
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(id);
  }, []);
  // A second observer of the page's details query: it re-reads them on the spec §9 rhythm while
  // mounted, i.e. only while the CV is being read.
  useQuery({
    ...basicDetailsQuery(session.sub),
    refetchInterval: () =>
      Date.now() - startedAt < PARSE_LOADER_MAX_MS ? PARSE_CHECK_MS : LATE_PARSE_CHECK_MS,
  });
  const elapsed = now - startedAt;
  const late = elapsed >= PARSE_LOADER_MAX_MS;
  return (
    <div role="status" data-testid="cv-parsing">
      <p>
        Reading {details.CV}… your skills and experience appear here in a few seconds.
        {connectivity === 'offline' && ' You are offline: they will show once you are back online.'}
      </p>
      <progress
        className={classes.progress}
        max={100}
        value={Math.round(parseLoaderProgress(Math.min(elapsed, PARSE_LOADER_MAX_MS)))}
        aria-label="CV reading progress"
      />
      {late && (
        <p className={classes.muted}>
          This is taking longer than usual. You can leave this page: your profile updates by itself
          when your CV has been read.
        </p>
      )}
    </div>
  );
}

/** "View CV": the current file through a short-lived link (issue 10), online only. */
function ViewCvLink({ email, fileVersion }: { email: string; fileVersion: string }) {
  const connectivity = useConnectivity();
  const link = useQuery({ ...cvLinkQuery(email, fileVersion), enabled: connectivity === 'online' });
  if (link.data) {
    return (
      <a
        className={buttons.secondary}
        href={link.data.url}
        target="_blank"
        rel="noopener noreferrer"
        title={`Open ${link.data.fileName}`}
      >
        View CV
      </a>
    );
  }
  const note =
    connectivity === 'offline'
      ? 'You can open your CV when you are online.'
      : link.isError
        ? `Your CV cannot be opened right now. ${link.error.message}`
        : 'Preparing the link to your CV…';
  return (
    <p className={classes.muted} data-testid="cv-link-note">
      {note}
    </p>
  );
}
