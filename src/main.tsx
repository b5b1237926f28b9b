import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { RootErrorBoundary } from './app/root-error-boundary';
import { setAccessTokenProviderLoader } from './lib/api';
import { startConnectivityMonitor } from './lib/api/connectivity';
import { getSession, loadAuthActions, subscribeSession } from './lib/auth';
import { startWithStoredToken } from './lib/auth/early-token';
import { registerServiceWorker } from './lib/pwa';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

startConnectivityMonitor();
registerServiceWorker();
// A returning signed-in user: load Amplify after first paint so API calls carry fresh tokens; a
// private call made before that carries the token stored at sign-in while it is good, or waits
// for Amplify, never going out anonymous (issue 26 item 2, issue 24 item 3).
const loadTokenProvider = () => loadAuthActions().then((auth) => auth.ensureConfigured());
const trackSignedIn = () => setAccessTokenProviderLoader(getSession() ? loadTokenProvider : null);
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
  if ('requestIdleCallback' in window) window.requestIdleCallback(configure);
  else setTimeout(configure, 1);
}

// The outbox sends queued actions for a signed-in user; start it when there is one. On a page
// load it waits for the page (at most OUTBOX_START_WAIT_MS): its kinds are ~22 KB that a slow
// connection would otherwise download alongside the page's own scripts and first calls (issue
// 24). An action queued meanwhile asks for its own drain (enqueueAction), so nothing waits.
const OUTBOX_START_WAIT_MS = 4000;
let outboxStarted = false;
const startOutboxWhenSignedIn = () => {
  if (outboxStarted || !getSession()) return;
  outboxStarted = true;
  const start = () => void import('./app/outbox-runner').then((outbox) => outbox.runOutbox());
  if (document.readyState === 'complete') return start();
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  window.addEventListener('load', once, { once: true });
  setTimeout(once, OUTBOX_START_WAIT_MS);
};
startOutboxWhenSignedIn();
subscribeSession(startOutboxWhenSignedIn);

createRoot(container).render(
  <StrictMode>
    <RootErrorBoundary>
      <App />
    </RootErrorBoundary>
  </StrictMode>,
);
