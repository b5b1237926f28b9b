/**
 * Starts the app once the page's first screen has been painted (issue 24: a return visit on a
 * slow phone). A page whose first screen is in its HTML (server/http/first-screen.ts) names the
 * app's entry in a `<link rel="modulepreload">` (downloaded as before) and loads this instead of
 * the entry. A module script runs as soon as the HTML is parsed, before the browser has painted
 * anything, and when the scripts are at hand (the service worker's cache) the entry's ~0.4 s of
 * evaluation at 4x CPU came before the first paint: the screen that was ready stayed blank.
 * Started from the frame after the first paint instead (or after START_ANYWAY_MS: a hidden page
 * paints no frames), the entry takes over that screen as on a first visit.
 */
import { APP_ENTRY_ID } from './domain/app-entry';

const START_ANYWAY_MS = 500;

// Until the entry runs (up to START_ANYWAY_MS after the page is parsed), an install prompt the
// browser offers has no one to take it: keep it, as lib/pwa/install-capture.ts does, for the
// entry to offer. Lost before, and the browser showed its own mini-infobar instead. Left in
// place once the entry listens (it only keeps the latest offer): removing it costs first-visit
// bytes on `/`, which is at its budget.
addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  window.rhEarlyInstall = event;
});

const entry = document.getElementById(APP_ENTRY_ID);
let started = false;
const start = () => {
  if (started || !(entry instanceof HTMLLinkElement)) return;
  started = true;
  // A failed download (offline, a chunk gone after a deploy) leaves the first screen, which
  // works without the app: its links and its search box are plain HTML.
  import(/* @vite-ignore */ entry.href).catch((error: unknown) => {
    console.warn('The app could not start:', error);
  });
};
// A task queued from a frame callback runs after that frame is painted.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, START_ANYWAY_MS);
