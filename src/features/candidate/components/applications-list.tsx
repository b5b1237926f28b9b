/**
 * "My applications" (issue 10): every application the candidate made, internal and external,
 * with the job, company, date, match score at the time and state, including those still waiting
 * in the outbox. Rendered from IndexedDB (refreshed from the server when online), so it reads
 * offline; it refreshes when an outbox action completes.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { companySlug } from '@/domain/company-slug';
import { showsSavedCopy, WAITING_FOR_CONNECTION } from '@/lib/api';
import type { SessionSummary } from '@/lib/auth';
import { listApplications, useDbQuery } from '@/lib/db';
import {
  isApplicationKind,
  useOutboxActions,
  useOutboxEvents,
  type OutboxEntry,
} from '@/lib/outbox';
import { myApplicationsQuery } from '../api/my-applications';
import classes from './profile-page.module.css';
import { applicationStatusLabel } from '@/domain/contract/applications';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

function jobLink(jobId: string, companyName: string | null | undefined) {
  return {
    to: '/jobs/$companyName/$jobId' as const,
    params: { companyName: companySlug(companyName ?? 'company'), jobId },
  };
}

function pendingText(action: OutboxEntry): string {
  if (action.state === 'failed') return `Failed: ${action.lastError ?? 'Something went wrong'}`;
  return action.state === 'sending' ? 'Sending…' : 'Pending — will send when online';
}

export function ApplicationsList({ session }: { session: SessionSummary }) {
  const refresh = useQuery(myApplicationsQuery(session.sub));
  const rows = useDbQuery(() => listApplications(session.sub), [session.sub]);
  const pending = useOutboxActions(session.sub).filter((a) => isApplicationKind(a.kind));
  useOutboxEvents((event) => {
    if (event.type === 'changed' && event.state === 'done' && isApplicationKind(event.kind)) {
      void refresh.refetch();
    }
  });

  const applications = rows ?? [];
  // An action the server already lists (its answer is on the way, or the list was refreshed
  // first) shows once, as applied.
  const listed = new Set(applications.map((a) => a.jobId));
  const waiting = pending.filter((action) => !listed.has(action.subject));
  const empty = applications.length === 0 && waiting.length === 0;
  return (
    <section className={classes.card} aria-labelledby="applications-heading">
      <h2 id="applications-heading" className={classes.cardTitle}>
        My applications
      </h2>
      {showsSavedCopy(refresh) && applications.length > 0 && (
        <p className={classes.muted}>Showing the applications saved on this device.</p>
      )}
      {empty ? (
        <p className={classes.muted}>
          {rows === undefined || refresh.isPending
            ? refresh.fetchStatus === 'paused'
              ? WAITING_FOR_CONNECTION
              : 'Loading your applications…'
            : 'You have not applied to any job yet.'}{' '}
          {rows !== undefined && !refresh.isPending && <Link to="/jobs">Find jobs</Link>}
        </p>
      ) : (
        <ul className={classes.applications} data-testid="applications-list">
          {waiting.map((action) => {
            const payload = action.payload as {
              jobTitle?: string;
              companyName?: string;
              matchingScore?: number | null;
            };
            return (
              <li
                key={`pending-${action.seq}`}
                className={classes.application}
                data-state={action.state}
              >
                <Link
                  {...jobLink(action.subject, payload.companyName)}
                  className={classes.applicationTitle}
                >
                  {payload.jobTitle ?? 'Job'}
                </Link>
                <span>{payload.companyName}</span>
                <span className={classes.status}>{pendingText(action)}</span>
              </li>
            );
          })}
          {applications.map((a) => (
            <li key={`${a.kind}-${a.jobId}`} className={classes.application}>
              <Link {...jobLink(a.jobId, a.companyName)} className={classes.applicationTitle}>
                {a.jobTitle ?? 'Job'}
              </Link>
              <span>
                {a.companyName}
                {a.kind === 'external' && ' · applied on the company site'}
              </span>
              <span className={classes.muted}>
                Applied on {dateFormat.format(a.appliedAt)}
                {typeof a.matchingScore === 'number' && ` · match ${Math.round(a.matchingScore)}%`}
              </span>
              <span className={classes.status}>{applicationStatusLabel(a.status)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
