/**
 * The route guard table (spec §4 Route guard, §6, §2 access-denied dialogs): every guarded route ×
 * every role (plus signed out, expired and undecodable), written out by hand below, checked
 * twice: against the pure decision of src/domain/route-access.ts, and through the real router
 * (the `beforeLoad` guards, with Amplify-shaped tokens in localStorage) as a user would see it.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mapIdentityGroups } from '@/domain/roles';
import {
  decideAccess,
  findRouteGuard,
  ROUTE_GUARDS,
  type GuardDecision,
  type SessionState,
} from '@/domain/route-access';
import { getSession, setSession } from '@/lib/auth';
import { dismissAllToasts, getToasts } from '@/lib/toast/toast-store';
import { renderApp } from './render-app';

const ROUTES = [
  '/v1/corporate/jobs',
  '/v1/admin/ajobs',
  '/v1/candidate/profile',
  '/v1/candidate/subscription',
  '/v1/employee/profile',
  '/post-signup-form',
  '/auth/change-password',
  '/auth/passkeys',
] as const;

// Cell values: ok = the page opens; login / corp-login = redirect there; expired-login /
// expired-corp = redirect with the §8 toast; error = generic error page; the dialogs of §2.
type Cell =
  | 'ok'
  | 'login'
  | 'corp-login'
  | 'expired-login'
  | 'expired-corp'
  | 'error'
  | 'deny-corporate'
  | 'deny-admin'
  | 'deny';

// Identity groups as Cognito puts them in the token; [] is "no groups" (→ general-user, §4).
const GROUPS = {
  admin: ['admin'],
  'corporate-admin': ['corporate-admin'],
  'corporate-recruiter': ['corporate-recruiter'],
  evaluator: ['evaluator'],
  linkedin: ['linkedin'],
  'general-user': ['general-user'],
  'no groups': [],
} satisfies Record<string, string[]>;
type Who = keyof typeof GROUPS | 'signed out' | 'expired' | 'undecodable';

//            corporate/jobs    admin/ajobs    cand/profile   cand/subscr.   emp/profile    post-signup
//            change-password  passkeys (issue 27: as change-password)
const TABLE: Record<Who, readonly [Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell]> = {
  admin: ['deny', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  'corporate-admin': [
    'ok',
    'deny-admin',
    'deny-corporate',
    'deny-corporate',
    'deny-corporate',
    'deny-corporate',
    'ok',
    'ok',
  ],
  'corporate-recruiter': [
    'ok',
    'deny-admin',
    'deny-corporate',
    'deny-corporate',
    'deny-corporate',
    'deny-corporate',
    'ok',
    'ok',
  ],
  evaluator: ['deny', 'deny-admin', 'ok', 'deny', 'ok', 'deny', 'ok', 'ok'],
  linkedin: ['deny', 'deny-admin', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  'general-user': ['deny', 'deny-admin', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  'no groups': ['deny', 'deny-admin', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  'signed out': ['corp-login', 'login', 'login', 'login', 'login', 'login', 'login', 'login'],
  expired: [
    'expired-corp',
    'expired-login',
    'expired-login',
    'expired-login',
    'expired-login',
    'expired-login',
    'expired-login',
    'expired-login',
  ],
  undecodable: ['error', 'error', 'error', 'error', 'error', 'error', 'error', 'error'],
};

const cells = (Object.keys(TABLE) as Who[]).flatMap((who) =>
  ROUTES.map((path, i) => ({ who, path, cell: TABLE[who][i]! })),
);

function stateOf(who: Who): SessionState {
  if (who === 'signed out') return { kind: 'signed-out' };
  if (who === 'expired') return { kind: 'expired' };
  if (who === 'undecodable') return { kind: 'undecodable' };
  return { kind: 'signed-in', identity: mapIdentityGroups(GROUPS[who]) };
}

function expectedDecision(cell: Cell): GuardDecision {
  switch (cell) {
    case 'ok':
      return { kind: 'allow' };
    case 'login':
    case 'corp-login':
    case 'expired-login':
    case 'expired-corp':
      return {
        kind: 'login',
        to:
          cell.endsWith('corp') || cell === 'corp-login' ? '/auth/corporate/login' : '/auth/login',
        expired: cell.startsWith('expired'),
      };
    case 'error':
      return { kind: 'error' };
    case 'deny-corporate':
      return { kind: 'denied', dialog: 'corporate' };
    case 'deny-admin':
      return { kind: 'denied', dialog: 'admin' };
    case 'deny':
      return { kind: 'denied', dialog: 'default' };
  }
}

describe('the guard table covers every guarded route (spec §2 signed-in routes)', () => {
  it('has exactly these guarded paths, and trailing slashes find the same guard', () => {
    // issue 20: the job form, the pipeline, company and users pages
    // (corporate/job-route-guard.test.ts, corporate-route-guards.test.ts).
    const corporatePages = [
      '/v1/corporate/jobs/$jobId/edit',
      '/v1/corporate/jobs/$jobId/applicants',
      '/v1/corporate/company',
      '/v1/corporate/users',
    ];
    // issue 21 item 4: the evaluator's pages (assessment-route-guards.test.ts).
    const evaluatorPages = ['/v1/evaluator/queue', '/v1/evaluator/people/$userId'];
    // issue 21 items 2, 3 and 5: the admin console's other tabs (admin only, as ajobs).
    const adminPages = ['/v1/admin/users', '/v1/admin/referrals', '/v1/admin/audit'];
    expect(ROUTE_GUARDS.map((g) => g.path).sort()).toEqual(
      [...ROUTES, ...corporatePages, ...evaluatorPages, ...adminPages].sort(),
    );
    expect(findRouteGuard('/v1/corporate/jobs/')?.path).toBe('/v1/corporate/jobs');
    expect(findRouteGuard('/jobs')).toBeUndefined();
    expect(findRouteGuard('/')).toBeUndefined();
  });
});

describe('decideAccess: every route × every role, signed out, expired, undecodable', () => {
  it.each(cells)('$who on $path → $cell', ({ who, path, cell }) => {
    const guard = findRouteGuard(path);
    expect(guard).toBeDefined();
    expect(decideAccess(guard!, stateOf(who))).toEqual(expectedDecision(cell));
  });
});

// --- Through the router -------------------------------------------------------------------

const CLIENT = 'localdevwebclient0000000000';
const USER = 'user-1';
const KEY = `CognitoIdentityServiceProvider.${CLIENT}`;

function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Stores tokens the way Amplify v6 does (the signature is not checked by the app). */
function storeAmplifyToken(token: string, { refresh = false } = {}) {
  localStorage.setItem(`${KEY}.LastAuthUser`, USER);
  localStorage.setItem(`${KEY}.${USER}.accessToken`, token);
  if (refresh) localStorage.setItem(`${KEY}.${USER}.refreshToken`, 'refresh-token');
}

function accessToken(groups: string[], expSeconds: number): string {
  return `${base64url({ alg: 'RS256' })}.${base64url({
    sub: USER,
    token_use: 'access',
    exp: expSeconds,
    'cognito:groups': groups,
  })}.signature`;
}

function arrange(who: Who) {
  const now = Math.floor(Date.now() / 1000);
  if (who === 'signed out') return;
  if (who === 'undecodable') return storeAmplifyToken('not-a-jwt');
  if (who === 'expired') {
    // Was signed in (the mirror says so), the token expired and there is no refresh token.
    setSession({
      sub: USER,
      email: 'a@example.com',
      fullName: 'A',
      userType: ['general-user'],
      corporateUserType: null,
      lastAccessedDash: 'CAND',
    });
    return storeAmplifyToken(accessToken(['general-user'], now - 60));
  }
  storeAmplifyToken(accessToken(GROUPS[who], now + 3600));
}

const DIALOG_TITLES = {
  'deny-corporate': 'Corporate Access Denied',
  'deny-admin': 'Admin Access Denied',
  deny: 'Access Denied',
} as const;

/** Typing cancels the pending §4 reload (see the last test); here it keeps tests independent. */
function cancelPendingReload() {
  document.dispatchEvent(new Event('input'));
}

describe('the beforeLoad guards, as a user sees them', () => {
  beforeEach(() => {
    localStorage.clear();
    setSession(null);
    dismissAllToasts();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload: vi.fn() });
  });
  afterEach(() => {
    cancelPendingReload();
    vi.restoreAllMocks();
  });

  it.each(cells)('$who opening $path → $cell', async ({ who, path, cell }) => {
    arrange(who);
    const { router } = await renderApp(path);
    const at = () => router.state.location.pathname;
    switch (cell) {
      case 'ok':
        // The guard let the page load: still there, and no route failed (a refusal or an
        // undecodable token is a route error). The page's own content is its feature's business.
        expect(at()).toBe(path);
        expect(router.state.matches.map((m) => m.status)).not.toContain('error');
        expect(screen.queryByRole('dialog')).toBeNull();
        break;
      case 'login':
      case 'expired-login':
        expect(at()).toBe('/auth/login');
        break;
      case 'corp-login':
      case 'expired-corp':
        expect(at()).toBe('/auth/corporate/login');
        break;
      case 'error':
        expect(
          await screen.findByRole('heading', { name: 'Oops! Something went wrong.' }),
        ).toBeInTheDocument();
        break;
      default: {
        const dialog = await screen.findByRole('dialog', { name: DIALOG_TITLES[cell] });
        expect(dialog).toBeInTheDocument();
      }
    }
    const expiredToast = getToasts().some(
      (t) =>
        t.message === 'Access Denied: Your session has expired. Please log in again to continue.',
    );
    expect(expiredToast).toBe(cell.startsWith('expired'));
  });
});

describe('access-denied dialogs: exact texts and buttons (spec §2)', () => {
  beforeEach(() => {
    localStorage.clear();
    setSession(null);
  });

  it('Corporate: Go to Home leads to corporate jobs, Contact Us mails support', async () => {
    storeAmplifyToken(accessToken(['corporate-recruiter'], Date.now() / 1000 + 3600));
    await renderApp('/v1/candidate/profile');
    const dialog = await screen.findByRole('dialog', { name: 'Corporate Access Denied' });
    expect(dialog).toHaveAccessibleDescription('You do not have access to this page.');
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute(
      'href',
      '/v1/corporate/jobs',
    );
    expect(within(dialog).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'mailto:support@referralhub.example',
    );
  });

  it('Admin: Go to Home and Login as Admin', async () => {
    storeAmplifyToken(accessToken(['general-user'], Date.now() / 1000 + 3600));
    await renderApp('/v1/admin/ajobs');
    await screen.findByRole('dialog', { name: 'Admin Access Denied' });
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Login as Admin' })).toBeInTheDocument();
  });

  it('Otherwise: the administrator text, Go to Home and Login', async () => {
    storeAmplifyToken(accessToken(['general-user'], Date.now() / 1000 + 3600));
    await renderApp('/v1/corporate/jobs');
    const dialog = await screen.findByRole('dialog', { name: 'Access Denied' });
    expect(dialog).toHaveAccessibleDescription(
      'You do not have access to this page. Please contact your administrator.',
    );
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('an expired session (spec §4, §8, §9)', () => {
  beforeEach(() => {
    localStorage.clear();
    setSession(null);
    dismissAllToasts();
  });
  afterEach(() => {
    cancelPendingReload();
    vi.restoreAllMocks();
  });

  it('does not reload when the user has started typing on the login page', async () => {
    arrange('expired');
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    await renderApp('/v1/employee/profile');
    const call = setTimeoutSpy.mock.calls.find(([, delay]) => delay === 5_000);
    expect(call).toBeDefined();
    const clearSpy = vi.spyOn(globalThis, 'clearTimeout');
    document.dispatchEvent(new Event('input'));
    expect(clearSpy).toHaveBeenCalled();
  });

  it('forgets the session and reloads the page 5 s after the toast', async () => {
    arrange('expired');
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const { router } = await renderApp('/v1/candidate/profile');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(`${KEY}.${USER}.accessToken`)).toBeNull();
    // spec §9: the reload waits 5 seconds.
    const call = setTimeoutSpy.mock.calls.find(([, delay]) => delay === 5_000);
    expect(call).toBeDefined();
    expect(reload).not.toHaveBeenCalled();
    call![0]();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
