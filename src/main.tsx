import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { RootErrorBoundary } from './app/root-error-boundary';
import { startConnectivityMonitor } from './lib/api';
import { registerServiceWorker } from './lib/pwa';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

startConnectivityMonitor();
registerServiceWorker();

createRoot(container).render(
  <StrictMode>
    <RootErrorBoundary>
      <App />
    </RootErrorBoundary>
  </StrictMode>,
);
