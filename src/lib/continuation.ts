/**
 * The pending referral continuation (spec §4): when a signed-out visitor or a candidate with an
 * incomplete profile taps Apply, `{ type: 'referral', url, data: {} }` is kept in session and
 * local storage, and after sign-in (or completing the profile) the app returns to that job.
 */
export const PENDING_CONTINUATION_KEY = 'pendingReferralContinuation';

export interface Continuation {
  readonly type: 'referral';
  readonly url: string;
  readonly data: Record<string, never>;
}

export function saveContinuation(url: string) {
  const value = JSON.stringify({ type: 'referral', url, data: {} } satisfies Continuation);
  try {
    sessionStorage.setItem(PENDING_CONTINUATION_KEY, value);
    localStorage.setItem(PENDING_CONTINUATION_KEY, value);
  } catch {
    // Storage blocked: the user simply lands on the dashboard after sign-in.
  }
}

/**
 * The saved continuation's in-app path, removed from storage (it is used once). Anything odd in
 * storage, or a URL that leaves this app, is ignored.
 */
export function takeContinuationUrl(): string | null {
  let raw: string | null = null;
  try {
    raw =
      sessionStorage.getItem(PENDING_CONTINUATION_KEY) ??
      localStorage.getItem(PENDING_CONTINUATION_KEY);
    sessionStorage.removeItem(PENDING_CONTINUATION_KEY);
    localStorage.removeItem(PENDING_CONTINUATION_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Continuation> | null;
    const url = parsed?.type === 'referral' ? parsed.url : undefined;
    return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : null;
  } catch {
    return null;
  }
}
