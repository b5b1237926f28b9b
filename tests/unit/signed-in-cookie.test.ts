/**
 * The session mirror tells the server whether this browser is signed in (issue 24): the server
 * then leaves out the signed-out visitor's data hint. The cookie holds no token and no identity.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasSignedInCookie, SIGNED_IN_COOKIE } from '@/domain/signed-in-cookie';

const summary = {
  sub: 'user-1',
  email: 'candidate@example.com',
  fullName: 'Asha Candidate',
  userType: ['general-user'] as const,
  corporateUserType: null,
  lastAccessedDash: null,
};

const cookieSet = () => document.cookie.split('; ').includes(`${SIGNED_IN_COOKIE}=1`);

afterEach(() => {
  document.cookie = `${SIGNED_IN_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  window.localStorage.clear();
  vi.resetModules();
});

describe('the signed-in cookie', () => {
  it('is set on sign-in and cleared on sign-out, and carries nothing else', async () => {
    const store = await import('@/lib/auth/session-store');
    expect(store.getSession()).toBeNull();
    expect(cookieSet()).toBe(false);
    store.setSession({ ...summary, userType: [...summary.userType] });
    expect(cookieSet()).toBe(true);
    expect(document.cookie).not.toContain('candidate@example.com');
    expect(document.cookie).not.toContain('user-1');
    store.setSession(null);
    expect(cookieSet()).toBe(false);
  });

  it('follows a session stored before the cookie existed, and one that is gone', async () => {
    window.localStorage.setItem('referralhub.session', JSON.stringify(summary));
    const store = await import('@/lib/auth/session-store');
    expect(store.getSession()?.sub).toBe('user-1');
    expect(cookieSet()).toBe(true);

    window.localStorage.clear();
    vi.resetModules();
    const again = await import('@/lib/auth/session-store');
    expect(again.getSession()).toBeNull();
    expect(cookieSet()).toBe(false);
  });
});

describe('hasSignedInCookie', () => {
  it('reads the mark from a Cookie header and from document.cookie alike', () => {
    expect(hasSignedInCookie(`${SIGNED_IN_COOKIE}=1`)).toBe(true);
    expect(hasSignedInCookie(`theme=dark;${SIGNED_IN_COOKIE}=1`)).toBe(true);
    expect(hasSignedInCookie(`theme=dark; ${SIGNED_IN_COOKIE}=1; lang=en`)).toBe(true);
    expect(hasSignedInCookie(`${SIGNED_IN_COOKIE}=`)).toBe(false);
    expect(hasSignedInCookie(`x${SIGNED_IN_COOKIE}=1`)).toBe(false);
    expect(hasSignedInCookie('')).toBe(false);
    expect(hasSignedInCookie(undefined)).toBe(false);
  });
});
