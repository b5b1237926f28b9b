/**
 * The install offer, second half (loaded lazily by install-capture.ts): a small banner with
 * Install / Not now, or on iOS Safari the "Add to Home Screen" steps. It renders in its own
 * React root at the bottom of the page: it belongs to no route and needs no router or query
 * context. "Not now" (or refusing the browser's prompt) counts as a dismissal: the offer rests
 * for INSTALL_SNOOZE_MS (it came back on every reload, issue 26 item 4), and after
 * MAX_INSTALL_DISMISSALS it never comes back. Installing (`appinstalled`) hides it.
 * While it shows, it publishes its height as `--install-banner-space` on the root element so
 * other bottom notices (the offline notice) sit above it instead of under it.
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import buttonClasses from '@/lib/ui/button.module.css';
import classes from './install-banner.module.css';

export const INSTALL_DISMISSALS_KEY = 'rh.install.dismissals';
export const INSTALL_DISMISSED_AT_KEY = 'rh.install.dismissedAt';
/** After "Not now" the offer rests this long (Chrome's own install infobar waits longer; two
 * weeks asks again while the user still remembers the app: docs/decisions.md). */
export const INSTALL_SNOOZE_MS = 14 * 24 * 60 * 60 * 1000;
/** After this many "Not now" (or a refused browser prompt) the offer is never shown again. */
export const MAX_INSTALL_DISMISSALS = 2;

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM lib). */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches;
}

export function installDismissals(): number {
  try {
    return Number(localStorage.getItem(INSTALL_DISMISSALS_KEY)) || 0;
  } catch {
    return 0;
  }
}

/** True while a "Not now" is recent enough that the offer should not come back yet. */
export function installSnoozed(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(INSTALL_DISMISSED_AT_KEY));
    return at > 0 && now - at < INSTALL_SNOOZE_MS;
  } catch {
    return false;
  }
}

/** Safari on iOS/iPadOS: other iOS browsers (Chrome, Firefox, Edge, Opera) cannot install. */
export function isIosSafari(ua = navigator.userAgent, touchPoints = navigator.maxTouchPoints) {
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
}

/** Shows the banner unless the app is installed, the offer was refused twice or lately, or (on
 * Apple devices) the browser is not Safari. */
export function offerInstall(source: Event | 'ios') {
  if (isStandalone() || installDismissals() >= MAX_INSTALL_DISMISSALS || installSnoozed()) return;
  if (source === 'ios' && !isIosSafari()) return;
  showInstallBanner(source === 'ios' ? 'ios' : (source as InstallPromptEvent));
}

let root: Root | undefined;
let host: HTMLElement | undefined;

function close() {
  root?.unmount();
  host?.remove();
  root = undefined;
  host = undefined;
}

const SPACE_VAR = '--install-banner-space';

/** Publishes the card's height (plus a 12 px gap) while it shows, for the notices that stack
 * above it; removed when it goes. */
function usePublishedHeight(card: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = card.current;
    if (!element) return;
    const rootStyle = document.documentElement.style;
    const publish = () => rootStyle.setProperty(SPACE_VAR, `${element.offsetHeight + 12}px`);
    publish();
    const watch = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
    watch?.observe(element);
    return () => {
      watch?.disconnect();
      rootStyle.removeProperty(SPACE_VAR);
    };
  }, [card]);
}

export function recordInstallDismissal() {
  try {
    localStorage.setItem(INSTALL_DISMISSALS_KEY, String(installDismissals() + 1));
    localStorage.setItem(INSTALL_DISMISSED_AT_KEY, String(Date.now()));
  } catch {
    // Private mode without storage: the banner simply comes back next visit.
  }
}

export function showInstallBanner(source: InstallPromptEvent | 'ios') {
  close();
  host = document.createElement('div');
  host.dataset.installBanner = '';
  document.body.append(host);
  root = createRoot(host);
  root.render(<InstallBanner source={source} onClose={close} />);
  window.addEventListener('appinstalled', close, { once: true });
}

export function InstallBanner({
  source,
  onClose,
}: {
  source: InstallPromptEvent | 'ios';
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const card = useRef<HTMLElement>(null);
  usePublishedHeight(card);
  const dismiss = () => {
    recordInstallDismissal();
    onClose();
  };
  const install = async () => {
    if (source === 'ios') return;
    setBusy(true);
    await source.prompt();
    const { outcome } = await source.userChoice;
    if (outcome === 'dismissed') recordInstallDismissal();
    onClose();
  };
  return (
    <section ref={card} className={classes.banner} aria-labelledby="install-title">
      <p id="install-title" className={classes.title}>
        Install ReferralHub
      </p>
      {source === 'ios' ? (
        <p className={classes.text}>
          Open your saved jobs in one tap, even offline: tap the Share button{' '}
          <span aria-hidden="true">(□↑)</span> in Safari, then <strong>Add to Home Screen</strong>.
        </p>
      ) : (
        <p className={classes.text}>Open your saved jobs in one tap, even offline.</p>
      )}
      <div className={classes.actions}>
        <button type="button" className={buttonClasses.secondary} onClick={dismiss}>
          Not now
        </button>
        {source !== 'ios' && (
          <button
            type="button"
            className={buttonClasses.button}
            disabled={busy}
            onClick={() => void install()}
          >
            Install
          </button>
        )}
      </div>
    </section>
  );
}
