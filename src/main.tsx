import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startRouter } from './app/app';
import { FIRST_SCREEN_ID } from './domain/first-screen-id';
import { RootErrorBoundary } from './app/root-error-boundary';
import { setAccessTokenProviderLoader } from './lib/api/access-token';
import { startConnectivityMonitor } from './lib/api/connectivity';
import { getSession, loadAuthActions, subscribeSession } from './lib/auth';
import { setDatabaseLoadsOnPage } from './lib/db/loaded-flag';
import { afterFirstScreen, expectFirstScreen } from './lib/first-screen-shown';
import { handOverFirstScreen } from './lib/first-screen-handover';
import { startWithStoredToken } from './lib/auth/early-token';
import { registerServiceWorker } from './lib/pwa';
import './app/global.css';

/**
 * The longest the app waits for the router before rendering beneath the server's first screen.
 * A safety net, not a delay: measured (session 23, first visits at 4x CPU, 5 each on `/`, `/jobs`
 * and a job page, slow 3G and regular 4G), the router resolved 0.12-1.48 s after the entry
 * started (medians 0.2-0.9 s); it takes this long only when a route's chunk or data hangs.
 */
const ROUTER_WAIT_MS = 3_000;

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

startConnectivityMonitor();
expectFirstScreen();
void registerServiceWorker();
// A returning signed-in user: Amplify comes up once the page is shown, so API calls carry fresh
// tokens; a private call made before that carries the token stored at sign-in while it is good,
// or waits for Amplify, never going out anonymous (issue 26 item 2, issue 24 item 3).
const loadTokenProvider = () => loadAuthActions().then((auth) => auth.ensureConfigured());
const trackSignedIn = () => {
  const signedIn = getSession() !== null;
  setAccessTokenProviderLoader(signedIn ? loadTokenProvider : null);
  // A signed-in page loads the device database anyway (the outbox below): saves are written there.
  setDatabaseLoadsOnPage(signedIn);
};
trackSignedIn();
subscribeSession(trackSignedIn);
const startSession = getSession();
if (startSession) {
  startWithStoredToken(startSession.sub, loadTokenProvider);
  const configure = () =>
    void loadAuthActions()
      .then((auth) => auth.ensureConfigured())
      // Offline at start: try again when the network is back.
      .catch(() => window.addEventListener('online', configure, { once: true }));
  // Once the page has its answers (the stored token carries its calls until then): on a slow
  // network Amplify's 37 KB would otherwise share the connection with them (issue 24).
  void afterFirstScreen(configure);
}

// The outbox sends queued actions for a signed-in user; start it when there is one. On a page
// load it waits for the page's first screen (lib/first-screen-shown.ts, at most 8 s): its kinds
// and Dexie are ~40 KB that a slow connection would otherwise download alongside the page's own
// calls (issue 24). An action queued meanwhile asks for its own drain (enqueueAction), so
// nothing waits.
let outboxStarted = false;
const startOutboxWhenSignedIn = () => {
  if (outboxStarted || !getSession()) return;
  outboxStarted = true;
  void afterFirstScreen(() => import('./app/outbox-runner')).then((outbox) => outbox.runOutbox());
};
startOutboxWhenSignedIn();
subscribeSession(startOutboxWhenSignedIn);

// The first render as a transition: React renders it in slices and lets the browser in between,
// instead of one long task on a slowed phone core (issue 24; the measurements are in
// docs/decisions.md "First-load budgets"). Nothing is on screen before it, so nothing waits.
const root = createRoot(container);
// The server's first screen of the page, if it sent one, stays until the app's own is shown.
void afterFirstScreen(() => handOverFirstScreen());
const router = startRouter();
let rendered = false;
const render = () => {
  if (rendered) return;
  rendered = true;
  startTransition(() =>
    root.render(
      <StrictMode>
        <RootErrorBoundary>
          <App router={router} />
        </RootErrorBoundary>
      </StrictMode>,
    ),
  );
};
// Beneath the server's first screen nothing of the app is seen yet, so it renders once the
// router has resolved the page (its chunks are on their way already): one render, in slices.
// Rendered first (the shell, then the page), the router's resolution re-rendered the whole tree
// at once as the app started, a ~40 ms task on this machine's core and ~4x that on a cheap phone
// (issue 24). Never waits long: after ROUTER_WAIT_MS the app renders as any page does.
if (document.getElementById(FIRST_SCREEN_ID)) {
  void router.load().then(render, render);
  setTimeout(render, ROUTER_WAIT_MS);
} else {
  render();
}
