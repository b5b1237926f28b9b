/**
 * The install offer (issue 8), first half: only what must run at start-up, so the first load of
 * `/` stays small. `beforeinstallprompt` can fire soon after load, so its listener is added here;
 * the rest (whether to offer at all, the banner, the iOS instructions) is in install-banner.tsx,
 * loaded only when there may be something to offer: a captured prompt, or an iOS device (where
 * Safari has no prompt and the banner explains "Add to Home Screen" instead). The banner comes
 * once the page's first screen is shown (lib/first-screen-shown.ts): Chromium fires the prompt
 * event while a first visit is still loading, and the banner's code and style then shared the
 * connection with the page's own (issue 24), for an offer the visitor reads after the content.
 * On a page the server sends with its first screen the entry starts after the first paint; an
 * offer made before that is kept by src/start-after-paint.ts and taken over here.
 */
import { afterFirstScreen } from '@/lib/first-screen-shown';

export function captureInstallPrompt() {
  const offer = (source: Event | 'ios') =>
    void afterFirstScreen(() => import('./install-banner')).then((banner) =>
      banner.offerInstall(source),
    );
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's mini-infobar away: we offer install in our own words.
    event.preventDefault();
    offer(event);
  });
  // One offered while the entry was still waiting for the first paint (src/start-after-paint.ts).
  if (window.rhEarlyInstall) offer(window.rhEarlyInstall);
  // iPhone, iPod, or an iPad that says it is a Mac (it has touch).
  if (/iP(hone|od|ad)|Mac/.test(navigator.userAgent) && navigator.maxTouchPoints > 1) offer('ios');
}
