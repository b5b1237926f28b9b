/**
 * The signed-in session as the UI needs it, mirrored to localStorage (spec §3 "locally stored
 * keys": user details, email, user id, user type, last accessed dashboard) so the shell can show
 * who is signed in on first paint, offline too, without loading Amplify. The tokens themselves
 * stay with Amplify; this holds no secret. Bad or old data in storage is ignored, never trusted.
 */
import { ROLES, type CorporateUserType, type Role } from '@/domain/role-names';
import { listingCookieAssignment, listingCookieValue } from '@/domain/listing-cookie';
import { cookieAssignment, hasSignedInCookie, SIGNED_IN_COOKIE } from '@/domain/signed-in-cookie';
import { forgetSignedInPages } from '@/lib/pwa/kept-pages';

const STORAGE_KEY = 'referralhub.session';

const CORPORATE_USER_TYPES = ['corporate-admin', 'corporate-recruiter'] as const;

export interface SessionSummary {
  sub: string;
  email: string;
  fullName: string;
  userType: Role[];
  corporateUserType: CorporateUserType | null;
  lastAccessedDash: string | null;
  /** spec §3 referralCount of the general user record; null or absent when not known. */
  referralCount?: number | null;
  /** spec §3 profileImageAwsS3SignedUrl, for the avatar (spec §2). */
  profileImageUrl?: string | null;
}

const listeners = new Set<() => void>();
let current: SessionSummary | null | undefined;

const isString = (value: unknown): value is string => typeof value === 'string';
const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/**
 * The stored mirror, field by field as SessionSummary has it, or null when anything does not
 * fit. Plain checks, not a zod schema: every page reads this on its first paint (issue 24).
 */
export function sessionFromStorage(value: unknown): SessionSummary | null {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Record<string, unknown>;
  const { sub, email, fullName, userType, corporateUserType, lastAccessedDash } = stored;
  if (!isString(sub) || sub.length === 0 || !isString(email) || !isString(fullName)) return null;
  if (!Array.isArray(userType) || !userType.every(isRole)) return null;
  if (corporateUserType !== null && !CORPORATE_USER_TYPES.includes(corporateUserType as never))
    return null;
  if (lastAccessedDash !== null && !isString(lastAccessedDash)) return null;
  // Added later: optional, so a mirror written by an older build still reads.
  const { referralCount, profileImageUrl } = stored;
  if (referralCount != null && typeof referralCount !== 'number') return null;
  if (profileImageUrl != null && !isString(profileImageUrl)) return null;
  return {
    sub,
    email,
    fullName,
    userType: [...userType],
    corporateUserType: corporateUserType as CorporateUserType | null,
    lastAccessedDash,
    ...(referralCount !== undefined ? { referralCount } : {}),
    ...(profileImageUrl !== undefined ? { profileImageUrl } : {}),
  };
}

function read(): SessionSummary | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? sessionFromStorage(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/**
 * Tells the server whether this browser is signed in, so a signed-in page load is not sent the
 * signed-out visitor's data hint (src/domain/page-data.ts). No token or identity in it.
 */
function markSignedIn(signedIn: boolean) {
  try {
    // The signed-in listing's first request (listing-cookie.ts) goes with the session.
    if (!signedIn && listingCookieValue(document.cookie) !== null) {
      document.cookie = listingCookieAssignment(null, window.location.protocol === 'https:');
    }
    const has = hasSignedInCookie(document.cookie);
    if (has === signedIn) return;
    const secure = window.location.protocol === 'https:';
    document.cookie = cookieAssignment(SIGNED_IN_COOKIE, signedIn ? '1' : null, secure);
  } catch {
    // Cookies blocked: the page only misses the hint's saving.
  }
}

/** Who was signed in when the app started (read on first paint), for the auth check "on load". */
let subAtStart: string | null = null;

export function getSession(): SessionSummary | null {
  if (current === undefined) {
    current = read();
    subAtStart = current?.sub ?? null;
    // Sessions stored before the cookie existed, and cookies cleared on their own.
    markSignedIn(current !== null);
  }
  return current;
}

export function sessionSubAtStart(): string | null {
  getSession();
  return subAtStart;
}

export function setSession(next: SessionSummary | null) {
  current = next;
  try {
    if (next) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or blocked: the in-memory session still works for this page.
  }
  markSignedIn(next !== null);
  // The worker's pages kept for this reader go with the session (kept-pages.ts).
  if (!next && 'caches' in window) void forgetSignedInPages(window.caches);
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
