/**
 * The auth check behind the signed-in header (spec §4: on load and every 50 minutes, sign out on
 * failure; a deactivated corporate user gets the persistent §8 toast and is signed out).
 * Amplify and the corporate-record call are replaced by fakes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionSummary } from '@/lib/auth';
import type * as AccountStatus from '@/lib/auth/account-status';
import { AUTH_CHECK_INTERVAL_MS, startSessionWatch } from '@/lib/auth/session-watch';
import { dismissAllToasts, getToasts } from '@/lib/toast/toast-store';

const auth = vi.hoisted(() => ({
  refreshTokens: vi.fn<(force?: boolean) => Promise<'refreshed' | 'rejected' | 'unreachable'>>(),
  refreshSessionSummary: vi.fn<() => Promise<SessionSummary | null>>(),
  signOutLocally: vi.fn(() => Promise.resolve()),
  signOutEverywhere: vi.fn(() => Promise.resolve()),
}));
vi.mock('@/lib/auth/amplify-session', () => auth);

const deactivated = vi.hoisted(() => ({ value: false }));
vi.mock('@/lib/auth/account-status', async (importOriginal) => ({
  ...(await importOriginal<typeof AccountStatus>()),
  isDeactivatedCorporateUser: () => Promise.resolve(deactivated.value),
}));

const corporate: SessionSummary = {
  sub: 'sub-corp',
  email: 'deactivated@example.com',
  fullName: 'Dee',
  userType: ['corporate'],
  corporateUserType: 'corporate-admin',
  lastAccessedDash: null,
};

async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
}

describe('the auth check (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.clearAllMocks();
    dismissAllToasts();
    deactivated.value = false;
    auth.refreshTokens.mockResolvedValue('refreshed');
    auth.refreshSessionSummary.mockResolvedValue(corporate);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs on load, then every 50 minutes, each time asking the identity service', async () => {
    const stop = startSessionWatch(vi.fn());
    await settle();
    expect(auth.refreshTokens).toHaveBeenCalledTimes(1);
    expect(auth.refreshTokens).toHaveBeenLastCalledWith(true);
    await vi.advanceTimersByTimeAsync(AUTH_CHECK_INTERVAL_MS - 1000);
    expect(auth.refreshTokens).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(auth.refreshTokens).toHaveBeenCalledTimes(2);
    expect(auth.refreshTokens).toHaveBeenLastCalledWith(true);
    expect(AUTH_CHECK_INTERVAL_MS).toBe(50 * 60 * 1000); // spec §9
    stop();
    await vi.advanceTimersByTimeAsync(AUTH_CHECK_INTERVAL_MS);
    expect(auth.refreshTokens).toHaveBeenCalledTimes(2);
  });

  it('signs out when the identity service refuses the session', async () => {
    auth.refreshTokens.mockResolvedValue('rejected');
    const onSignedOut = vi.fn();
    startSessionWatch(onSignedOut);
    await settle();
    expect(auth.signOutLocally).toHaveBeenCalledTimes(1);
    expect(onSignedOut).toHaveBeenCalledWith('check-failed');
  });

  it('keeps the session when the service cannot be reached (offline)', async () => {
    auth.refreshTokens.mockResolvedValue('unreachable');
    const onSignedOut = vi.fn();
    startSessionWatch(onSignedOut);
    await settle();
    expect(auth.signOutLocally).not.toHaveBeenCalled();
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('a deactivated corporate user: persistent §8 toast, then signed out', async () => {
    deactivated.value = true;
    const onSignedOut = vi.fn();
    startSessionWatch(onSignedOut);
    await settle();
    const toast = getToasts().find(
      (t) =>
        t.message === 'Your account has been deactivated. Please contact support for assistance.',
    );
    expect(toast).toMatchObject({ type: 'error', autoClose: false });
    expect(auth.signOutEverywhere).toHaveBeenCalledTimes(1);
    expect(onSignedOut).toHaveBeenCalledWith('deactivated');
  });

  it('skips the first check for a session that began on this page', async () => {
    startSessionWatch(vi.fn(), { checkNow: false });
    await settle();
    expect(auth.refreshTokens).not.toHaveBeenCalled();
  });
});
