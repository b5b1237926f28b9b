/**
 * The match UI as the rest of the app sees it. Scores are for a signed-in candidate (spec §6):
 * for anyone else these render nothing and load nothing, and for a candidate the real component
 * (its profile sync, score readers and the worker's client) loads on first render, once a page
 * load's first screen is shown (lib/first-screen-shown.ts: its ~45 KB with Dexie shared a slow
 * connection with the listing's answer, and the scores need the jobs anyway). A signed-out
 * listing or job page carries none of it (issue 24 item 2). No placeholder: until the candidate's
 * profile is known, the real components render nothing either.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { useSession } from '@/lib/auth';
import { afterFirstScreen } from '@/lib/first-screen-shown';
import { isCandidate } from '../is-candidate';

function candidateOnly<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(() => afterFirstScreen(load).then((component) => ({ default: component })));
  return function CandidateOnly(props: P) {
    const session = useSession();
    if (!isCandidate(session)) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** The match percentage on a job card. */
export const MatchBadge = /* @__PURE__ */ candidateOnly(() =>
  import('./match-badge').then((m) => m.MatchBadge),
);

/** The job page's gauge and score details, or the CV prompt. */
export const JobMatch = /* @__PURE__ */ candidateOnly(() =>
  import('./job-match').then((m) => m.JobMatch),
);

/** Above the job list: scoring progress, or the CV prompt. */
export const MatchStatus = /* @__PURE__ */ candidateOnly(() =>
  import('./match-status').then((m) => m.MatchStatus),
);
