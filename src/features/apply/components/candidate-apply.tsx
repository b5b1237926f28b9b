/**
 * Apply for a signed-in job seeker (spec §4 Application, §8 dialogs; issue 6): the outbox, the
 * profile check and the outcome dialogs. Loaded by apply-action.tsx only when someone who may
 * apply is signed in, so a signed-out visitor's job page carries none of it (issue 24 item 2).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { profileState } from '@/domain/profile-state';
import { useConnectivity } from '@/lib/api';
import type { SessionSummary } from '@/lib/auth';
import {
  discardOutboxAction,
  enqueueAction,
  retryOutboxAction,
  SCORES_PROCESSING,
  isApplicationKind,
  OutboxActionButtons,
  useApplyState,
  useOutboxEvents,
  watchSubject,
} from '@/lib/outbox';
import { readStoredScores } from '@/lib/scoring';
import { dismissToast, toast } from '@/lib/toast';
import buttons from '@/lib/ui/button.module.css';
import { basicDetailsQuery, profileFacts } from '@/lib/profile';
import { applicationExistsQuery } from '../application-status';
import { saveContinuation } from '@/lib/continuation';
import type { ApplyJob } from './apply-job';
import { ApplyDialogs, type ApplyDialog } from './apply-dialogs';
import classes from './apply-action.module.css';

const ResumeUpdateDialog = lazy(() => import('./resume-update-dialog'));

/** How long Apply waits for a profile that is still loading. */
const PROFILE_WAIT_MS = 5_000;

function portalOf(job: ApplyJob): string {
  if (typeof job.jobPortal === 'string' && job.jobPortal) return job.jobPortal;
  if (!job.isExternal) return 'ReferralHub';
  try {
    return new URL(job.jobUrl ?? '').hostname || 'External';
  } catch {
    return 'External';
  }
}

async function currentScore(jobId: string): Promise<number | null> {
  try {
    const [score] = await readStoredScores([jobId]);
    return typeof score?.score === 'number' ? Math.round(score.score * 10) / 10 : null;
  } catch {
    return null;
  }
}

export function CandidateApply({ job, session }: { job: ApplyJob; session: SessionSummary }) {
  const external = Boolean(job.isExternal);
  const online = useConnectivity() === 'online';
  const { action, application, loaded } = useApplyState(session.sub, job.id);
  const exists = useQuery(
    applicationExistsQuery({ userId: session.sub, email: session.email, jobId: job.id, external }),
  );
  const queryClient = useQueryClient();
  const details = useQuery(basicDetailsQuery(session.sub));
  const [dialog, setDialog] = useState<ApplyDialog | null>(null);
  const [resumeOpen, setResumeOpen] = useState(false);
  // Actions this tab started: their outcome opens a dialog here; others only toast.
  const started = useRef(new Set<number>());
  const warnedScores = useRef(new Set<number>());
  // The "Applying..." toast, gone once the outcome shows (issue 26 item 8: it stayed and stacked).
  const applyingToast = useRef<number | null>(null);
  const dismissApplying = () => {
    if (applyingToast.current !== null) dismissToast(applyingToast.current);
    applyingToast.current = null;
  };
  // This page tells the outcome of this job's application; app-wide toasts stay out of it.
  useEffect(() => watchSubject(job.id), [job.id]);

  useOutboxEvents((event) => {
    if (event.type !== 'changed' || event.subject !== job.id) return;
    if (!isApplicationKind(event.kind)) return;
    const mine = started.current.has(event.seq);
    if (event.state === 'done' || event.state === 'failed') dismissApplying();
    if (event.state === 'done') {
      void exists.refetch();
      if (event.outcome === 'alreadySubmitted') {
        if (mine) setDialog({ type: 'alreadySubmitted' });
        else toast.info('Already submitted');
      } else if (mine) {
        setDialog({ type: 'submitted' });
      } else {
        toast.success('Application Submitted');
      }
    } else if (event.state === 'failed') {
      toast.error('Failed to submit application'); // spec §8
      if (mine)
        setDialog({ type: 'failed', error: event.error ?? 'Something went wrong', seq: event.seq });
    } else if (
      event.state === 'pending' &&
      mine &&
      SCORES_PROCESSING.test(event.error ?? '') &&
      !warnedScores.current.has(event.seq)
    ) {
      warnedScores.current.add(event.seq);
      setDialog({ type: 'scoresProcessing' });
    }
  });

  const enqueue = async () => {
    const matchingScore = await currentScore(job.id);
    const result = external
      ? await enqueueAction({
          kind: 'externalApply',
          userId: session.sub,
          subject: job.id,
          payload: {
            jobId: job.id,
            jobPortal: portalOf(job),
            jobUrl: job.jobUrl ?? '',
            matchingScore,
            companyName: job.companyName,
            jobTitle: job.jobTitle,
          },
        })
      : await enqueueAction({
          kind: 'apply',
          userId: session.sub,
          subject: job.id,
          payload: {
            jobId: job.id,
            companyName: job.companyName,
            jobPortal: portalOf(job),
            matchingScore,
            jobTitle: job.jobTitle,
          },
        });
    if (result.status !== 'cancelled' && result.action.seq !== undefined) {
      started.current.add(result.action.seq);
    }
  };

  const apply = async () => {
    // The profile decides (spec §4): wait briefly for it if it is still on its way, so a quick
    // tap does not skip the Profile Incomplete step. Offline with nothing stored: the server
    // decides.
    const known =
      details.data ??
      (await Promise.race([
        queryClient.ensureQueryData(basicDetailsQuery(session.sub)).catch(() => undefined),
        new Promise<undefined>((resolve) => setTimeout(resolve, PROFILE_WAIT_MS)),
      ]));
    const facts = known ? profileFacts(known) : null;
    const state = facts ? profileState(facts) : null;
    if (state && !state.complete) {
      // spec §4: an incomplete profile also keeps the pending referral continuation.
      saveContinuation(window.location.pathname);
      setDialog({
        type: 'profileIncomplete',
        offer: state.offer,
        cvMissing: !facts?.isCvExtracted,
      });
      return;
    }
    if (external) {
      window.open(job.jobUrl ?? '', '_blank', 'noopener,noreferrer');
      setDialog({ type: 'externalConfirm' });
      return;
    }
    dismissApplying();
    applyingToast.current = toast(
      navigator.onLine
        ? 'Applying...'
        : 'You are offline: your application will be sent when you are back online.',
    );
    void enqueue().catch(() => {
      dismissApplying();
      toast.error('Failed to submit application');
    });
  };

  const applied = application !== null || exists.data === true;
  let body: React.ReactNode;
  if (action?.state === 'failed') {
    body = (
      <div className={classes.failed} role="status">
        <p>Application failed: {action.lastError ?? 'Something went wrong'}</p>
        <OutboxActionButtons action={action} className={classes.row} prominentRetry />
      </div>
    );
  } else {
    // One button whose words say where the application stands.
    const waiting = action && (!online || (action.state === 'pending' && action.attempts > 0));
    const [label, testId] = !loaded
      ? ['Apply', undefined]
      : action
        ? [waiting ? 'Pending — will send when online' : 'Applying…', 'apply-pending']
        : applied
          ? ['Applied', 'apply-applied']
          : [external ? 'Apply on company site' : 'Apply', undefined];
    const enabled = loaded && !action && !applied;
    body = (
      <button
        type="button"
        className={`${buttons.button} ${classes.apply}`}
        disabled={!enabled}
        aria-busy={!loaded || undefined}
        data-testid={testId}
        onClick={enabled ? () => void apply() : undefined}
      >
        {label}
      </button>
    );
  }

  return (
    <div className={classes.action}>
      {body}
      {dialog && (
        <ApplyDialogs
          dialog={dialog}
          onClose={() => setDialog(null)}
          onRetry={(seq) => {
            setDialog(null);
            void retryOutboxAction(seq);
          }}
          onDiscard={(seq) => {
            setDialog(null);
            void discardOutboxAction(seq);
          }}
          onExternalAnswer={(yes) => {
            setDialog(null);
            if (yes) void enqueue().catch(() => toast.error('Failed to submit application'));
          }}
          onUpdateResume={() => {
            setDialog(null);
            setResumeOpen(true);
          }}
        />
      )}
      {resumeOpen && (
        <Suspense fallback={null}>
          <ResumeUpdateDialog session={session} onClose={() => setResumeOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
