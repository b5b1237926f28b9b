/**
 * When a full page load has shown what it came for (issue 24): the router has rendered its first
 * location and the calls that page started have answered. Work the page does not show waits for
 * it (afterFirstScreen): the outbox's sending (its kinds, Dexie), Amplify (37 KB: the identity
 * config, the auth check on load), the pending-actions indicator, the match UI's lazy parts and
 * ranking, and the service worker's registration. On slow 3G a signed-in `/jobs` started all of
 * that when the scripts had arrived (~5 s in), and its ~90 KB shared the connection with the
 * listing's 3 KB answer, which then took 2.5 s instead of ~0.5 s. The server's first screen of a
 * page, if it sent one, also stays until then (first-screen-handover.ts).
 *
 * Offline there is no connection to share: the page is counted as shown once it has rendered.
 * Never later than FIRST_SCREEN_WAIT_MS after the app starts, whatever the page does (a call that
 * keeps retrying, a page that never resolves, an app that failed before it could watch), so
 * queued actions are always sent: expectFirstScreen's timer guarantees that, and the watcher's
 * own limit stops it listening to the query cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getConnectivity, subscribeConnectivity } from './api/connectivity';
import { queryClientPending, subscribeQueryClient } from './query-gate';

export const FIRST_SCREEN_WAIT_MS = 8_000;

interface FirstLoadRouter {
  subscribe: (event: 'onRendered', listener: () => void) => () => void;
}

/**
 * Once the page has rendered what the last change asked for and run its effects: a query's
 * answer reaches its components in a timer (TanStack Query's notify batch), they render, and a
 * query that depended on it (the listing waits for the profile's default filters) starts in their
 * effects; then a frame.
 */
function afterItsEffects(run: () => void) {
  setTimeout(() => requestAnimationFrame(() => setTimeout(run, 0)), 0);
}

/**
 * Resolves when the router's first page is rendered and no query is fetching, still none once
 * the page has rendered the last answer (so a query that waited for another counts), or after
 * `wait`. `queryClient` gives the client once TanStack Query is loaded (a page that uses no
 * query renders without it: nothing of its is fetching).
 */
export function whenFirstScreenShown(
  router: FirstLoadRouter,
  queryClient: () => QueryClient | null,
  wait = FIRST_SCREEN_WAIT_MS,
): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const stopWatching: (() => void)[] = [];
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(cap);
      for (const stop of stopWatching) stop();
      resolve();
    };
    const cap = setTimeout(finish, wait);
    const offline = () => getConnectivity() === 'offline' || navigator.onLine === false;
    // A page waiting for TanStack Query's client has not started its queries yet.
    const quiet = () =>
      deferredRenders === 0 &&
      (offline() || (!queryClientPending() && (queryClient()?.isFetching() ?? 0) === 0));
    let settling = false;
    const check = () => {
      if (done || settling || !quiet()) return;
      settling = true;
      afterItsEffects(() => {
        settling = false;
        if (quiet()) finish();
      });
    };
    // Rendered, not resolved: beneath a server's first screen the router resolves the page
    // before the app renders it (main.tsx).
    const unsubscribeRouter = router.subscribe('onRendered', () => {
      unsubscribeRouter();
      if (done) return;
      let watchingQueries = false;
      const watchQueries = () => {
        const client = queryClient();
        if (!client || watchingQueries) return;
        watchingQueries = true;
        stopWatching.push(client.getQueryCache().subscribe(check));
      };
      watchQueries();
      stopWatching.push(
        subscribeQueryClient(() => {
          watchQueries();
          check();
        }),
        subscribeConnectivity(check),
        subscribeDeferredRenders(check),
      );
      check();
    });
    stopWatching.push(unsubscribeRouter);
  });
}

let deferredRenders = 0;
const deferredRenderListeners = new Set<() => void>();

function subscribeDeferredRenders(listener: () => void): () => void {
  deferredRenderListeners.add(listener);
  return () => deferredRenderListeners.delete(listener);
}

/**
 * While `pending` (a component shows an older answer than it has: React's `useDeferredValue`
 * still to render the new one), the page's first screen is not shown yet: the server's first
 * screen stays until the app's own shows the same rows, rather than giving way to its skeletons.
 */
export function useDeferredRender(pending: boolean): void {
  useEffect(() => {
    if (!pending || isShown) return;
    deferredRenders += 1;
    return () => {
      deferredRenders -= 1;
      for (const listener of deferredRenderListeners) listener();
    };
  }, [pending]);
}

let shown: Promise<void> = Promise.resolve();
let markShown: () => void = () => undefined;
/** Whether `shown` has resolved, for a component's first render. */
let isShown = true;

/**
 * Called once by the page's entry before the app renders: this is a full page load, and work
 * asked for through afterFirstScreen waits for its first screen. Without it (a test rendering a
 * component on its own) nothing waits.
 */
export function expectFirstScreen(wait = FIRST_SCREEN_WAIT_MS): void {
  isShown = false;
  shown = new Promise<void>((resolve) => {
    markShown = resolve;
    setTimeout(resolve, wait);
  }).then(() => {
    isShown = true;
  });
}

/** Called by the app once it has its router (and a way to its query client). */
export function watchFirstScreen(
  router: FirstLoadRouter,
  queryClient: () => QueryClient | null,
): void {
  void whenFirstScreenShown(router, queryClient).then(markShown);
}

/** Runs `work` once this page load's first screen is shown (at once after that). */
export function afterFirstScreen<T>(work: () => T | Promise<T>): Promise<T> {
  return shown.then(work);
}

/**
 * False until this page load's first screen is shown: a query the first screen does not need
 * (the filter panel's suggestions) is enabled by it, so it does not share a slow connection with
 * the page's own answers.
 */
export function useFirstScreenShown(): boolean {
  const [done, setDone] = useState(isShown);
  useEffect(() => {
    if (done) return;
    let live = true;
    void shown.then(() => {
      if (live) setDone(true);
    });
    return () => {
      live = false;
    };
  }, [done]);
  return done;
}
