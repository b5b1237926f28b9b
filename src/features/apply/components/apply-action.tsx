/**
 * The apply action on the job detail page (spec §4 Application, §8 dialogs; issue 6).
 *
 * - Signed out: keep the pending referral continuation and go to /auth/login (spec §4).
 * - Incomplete profile (spec §4 Profile state): the Profile Incomplete dialog, with the
 *   continuation kept so the candidate comes back here.
 * - Apply: "Applying..." toast, the action goes into the outbox (IndexedDB first) and is sent by
 *   the service worker or the page; the outcome (Submitted, Already submitted, Failed) comes back
 *   over the outbox channel, also when it happens later in another tab. Offline, the button says
 *   "Pending — will send when online" until it goes through.
 * - External jobs: open the job's site in a new tab, then "Have you applied for this job?";
 *   Yes records it (queued like any action), No dismisses.
 */
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { hasPermission } from '@/domain/roles';
import { useSession } from '@/lib/auth';
import buttons from '@/lib/ui/button.module.css';
import { saveContinuation } from '@/lib/continuation';
import type { ApplyJob } from './apply-job';
import classes from './apply-action.module.css';

export type { ApplyJob } from './apply-job';

// The outbox, the profile check and the dialogs load only for someone who may apply: a
// signed-out visitor's job page carries none of them (issue 24 item 2, docs/decisions.md).
const CandidateApply = lazy(() =>
  import('./candidate-apply').then((m) => ({ default: m.CandidateApply })),
);

export function ApplyAction({ job }: { job: ApplyJob }) {
  const session = useSession();
  if (!session) return <SignedOutApply />;
  // spec §6: only roles with apply_jobs apply; the server checks it again.
  if (!hasPermission(session.userType, 'apply_jobs')) return null;
  return (
    <Suspense fallback={<ApplyPlaceholder />}>
      <CandidateApply job={job} session={session} />
    </Suspense>
  );
}

/** What CandidateApply shows until it knows where the application stands: same size, no shift. */
function ApplyPlaceholder() {
  return (
    <div className={classes.action}>
      <button type="button" className={`${buttons.button} ${classes.apply}`} disabled aria-busy>
        Apply
      </button>
    </div>
  );
}

function SignedOutApply() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={`${buttons.button} ${classes.apply}`}
      onClick={() => {
        saveContinuation(window.location.pathname);
        void navigate({ to: '/auth/login' });
      }}
    >
      Apply
    </button>
  );
}
