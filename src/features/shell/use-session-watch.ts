import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { loadSessionWatch, sessionSubAtStart } from '@/lib/auth';
import { afterFirstScreen } from '@/lib/first-screen-shown';

/**
 * While someone is signed in, runs the auth check of spec §4 (on load, then every 50 minutes;
 * src/lib/auth/session-watch.ts). Used by the account menu, which is mounted exactly while a
 * session exists, so none of this is in a signed-out visitor's first load. When the check signs
 * the user out, the router's guards run again: a signed-in page sends them to the login page.
 *
 * "On load" means the session the app started with: a session begun on this page was just
 * checked by the sign-in itself (features/auth/after-sign-in.ts), and checking it again at once
 * would race the sign-in screen and report a deactivated account twice. On a page load the check
 * starts once the page's first screen is shown (lib/first-screen-shown.ts): it brings up Amplify
 * (37 KB) and refreshes the tokens, which on slow 3G shared the connection with the page's own
 * answers; the page's calls carry the stored token meanwhile.
 */
export function useSessionWatch(sub: string) {
  const router = useRouter();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void afterFirstScreen(loadSessionWatch)
      .then(({ startSessionWatch }) => {
        if (cancelled) return;
        stop = startSessionWatch(() => void router.invalidate(), {
          checkNow: sub === sessionSubAtStart(),
        });
      })
      .catch(() => undefined); // offline at start: the next page load tries again
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [sub, router]);
}
