import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { RootErrorBoundary } from './app/root-error-boundary';
import { startConnectivityMonitor } from './lib/api/connectivity';
import { getSession, loadAuthActions } from './lib/auth';
import { registerServiceWorker } from './lib/pwa';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

startConnectivityMonitor();
registerServiceWorker();
// A returning signed-in user: load Amplify after first paint so API calls carry fresh tokens.
if (getSession()) {
  const configure = () =>
    void loadAuthActions()
      .then((auth) => auth.ensureConfigured())
      // Offline at start: try again when the network is back.
      .catch(() => window.addEventListener('online', configure, { once: true }));
  if ('requestIdleCallback' in window) window.requestIdleCallback(configure);
  else setTimeout(configure, 1);
}

createRoot(container).render(
  <StrictMode>
    <RootErrorBoundary>
      <App />
    </RootErrorBoundary>
  </StrictMode>,
);
