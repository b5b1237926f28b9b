/**
 * Registers the service worker (workbox-window through vite-plugin-pwa) and keeps the update
 * state in a tiny store the shell renders from.
 *
 * Update flow (issue #2): a new deployment installs a new worker that waits; the shell shows
 * "Update available" with Reload; Reload posts SKIP_WAITING to the waiting worker, and the page
 * reloads once the new worker controls it (workbox-window's `controlling` event). Nothing reloads
 * without the user's say: a half-typed form is never thrown away by a deploy.
 *
 * Browsers check for a new sw.js on navigation; a page left open for hours would never see a
 * deploy, so we also ask on a timer and whenever the tab becomes visible again.
 */
import { registerSW } from 'virtual:pwa-register';
import { afterFirstScreen } from '@/lib/first-screen-shown';
import { showToast } from '@/lib/toast';
import { reportGuardedPages } from './guarded-pages';
import { captureInstallPrompt } from './install-capture';

export interface PwaState {
  /** A new version is installed and waiting for the user to reload. */
  needRefresh: boolean;
  /** The app shell is cached: it will open with no connection. */
  offlineReady: boolean;
}

const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

let state: PwaState = { needRefresh: false, offlineReady: false };
const listeners = new Set<() => void>();
let applyUpdate: (() => Promise<void>) | undefined;

function update(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getPwaState(): PwaState {
  return state;
}

export function subscribePwaState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let reloading = false;
function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/**
 * Activates the waiting worker; the page reloads when it takes control. We listen for
 * `controllerchange` ourselves: workbox-window only reports it as an update when the page was
 * already controlled at load, which misses the tab that installed the very first worker.
 */
export async function reloadToUpdate(): Promise<void> {
  if (!applyUpdate) return;
  navigator.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true });
  await applyUpdate();
}

export function dismissUpdate() {
  update({ needRefresh: false });
}

/** Resolves once the worker's registration has been asked for (at once without workers). */
export async function registerServiceWorker(): Promise<void> {
  captureInstallPrompt();
  if (!('serviceWorker' in navigator)) return;
  // Once the page's first screen is shown (lib/first-screen-shown.ts): the worker's install
  // downloads the whole precache (2.5 MB before compression), which on a slow first visit shared
  // the connection with the page's own answers (issue 24). `immediate`: no second wait for `load`.
  await afterFirstScreen(registerWorker);
}

function registerWorker() {
  applyUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => update({ needRefresh: true }),
    onNeedReload: reloadOnce,
    // Fires once, when the very first worker has cached the app shell (issue 8).
    onOfflineReady: () => {
      update({ offlineReady: true });
      showToast('Ready to work offline', { type: 'success' });
    },
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      // The corporate, admin and evaluator screens, kept offline for the users who open them.
      reportGuardedPages(navigator.serviceWorker);
      const check = () => {
        // An update check while offline just fails; it is retried on the next trigger.
        if (registration.installing) return;
        registration.update().catch(() => undefined);
      };
      setInterval(check, UPDATE_CHECK_INTERVAL_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
    onRegisterError: (error: unknown) => {
      console.warn('Service worker registration failed', error);
    },
  });
}
