/**
 * Starts the outbox's wake-ups once someone is signed in (loaded lazily from main.tsx, so a
 * signed-out visitor's first load carries neither Dexie nor the outbox). When a drainer needs a
 * fresh token, Amplify refreshes it and the API client's token provider mirrors it into IndexedDB.
 * App-wide notices for outcomes no open screen is showing: an application that went through
 * while the candidate was elsewhere, a CV upload that finished (spec §8 texts).
 */
import { currentAccessToken } from '@/lib/api/access-token';
import { getSession, loadAuthActions } from '@/lib/auth';
import { isWatched, kindSpec, startOutbox, subscribeOutbox, type OutboxEvent } from '@/lib/outbox';
import { toast } from '@/lib/toast';

async function mirrorFreshToken(): Promise<boolean> {
  if (!getSession()) return false;
  try {
    const auth = await loadAuthActions();
    await auth.ensureConfigured();
    if ((await auth.refreshTokens(true)) !== 'refreshed') return false;
    // The provider set by ensureConfigured mirrors the token it hands out.
    await currentAccessToken();
    return true;
  } catch {
    return false;
  }
}

/** The toast the action's kind declares for how it ended (src/lib/outbox/kinds). */
function notify(event: OutboxEvent) {
  if (event.type !== 'changed') return;
  const notices = kindSpec(event.kind)?.toast;
  if (!notices || (notices.unlessWatched && isWatched(event.subject))) return;
  const shown =
    event.state === 'done'
      ? notices.done?.(event.outcome)
      : event.state === 'failed'
        ? notices.failed?.(event.error)
        : null;
  if (shown) toast[shown.level](shown.text);
}

export function runOutbox() {
  subscribeOutbox(notify);
  startOutbox({ onTokenNeeded: mirrorFreshToken });
}
