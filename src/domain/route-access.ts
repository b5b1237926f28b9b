/**
 * Who may open which signed-in page, and what happens to everyone else: the route guard of spec
 * §4 ("Route guard") over the roles and permissions of spec §6, with the access-denied dialogs of
 * spec §2. One table for the app's `beforeLoad` guards (src/lib/auth/route-guard.ts), the header
 * (which links to show) and the server (server/auth/permissions.ts `canOpenRoute`), so the three
 * cannot drift apart. The app's answers are for UX; the server's are the ones that count.
 *
 * A page opens for a user who has one of its `roles` AND, through the §6 permission table, its
 * `permission` ("corporate" is narrowed to its stored sub-type first, see `permissionRoles`).
 */
import {
  hasPermission,
  permissionRoles,
  type IdentityRoles,
  type Permission,
  type Role,
} from './roles';

/** spec §4: corporate routes send to the corporate login, every other route to /auth/login. */
export type LoginPage = '/auth/login' | '/auth/corporate/login';

/** spec §2 "Access-denied dialogs": Corporate, Admin, or the one for everybody else. */
export type AccessDialog = 'corporate' | 'admin' | 'default';

export interface RouteGuard {
  /** The route's path, no trailing slash (`/v1/corporate/jobs/` is the same page). */
  readonly path: string;
  /** Any of these roles may open the page (sub-types count: a recruiter is corporate). */
  readonly roles: readonly Role[];
  /** The spec §6 permission the page's work needs; the server checks it on every call. */
  readonly permission: Permission;
  readonly login: LoginPage;
  /** Set where the page itself decides the dialog (the admin pages); else the user's kind. */
  readonly dialog?: AccessDialog;
}

// Every page that is not for corporate users opens for the general kinds of user. Admins and
// evaluators are included because the spec §2 dashboard target sends users without a corporate
// or admin role (evaluators) to the candidate or employee profile, and admins also apply (§6).
const GENERAL_ROLES: readonly Role[] = ['general-user', 'linkedin', 'admin', 'evaluator'];

/**
 * The guarded routes: spec §2 "Signed-in routes (prefix v1)", /post-signup-form (§2, §6) and the
 * change-password screen (§5).
 */
export const ROUTE_GUARDS: readonly RouteGuard[] = [
  {
    path: '/v1/corporate/jobs',
    roles: ['corporate'],
    permission: 'create_jobs',
    login: '/auth/corporate/login',
  },
  {
    // issue 20: posting or editing one of the company's jobs (recruiters post too, spec §6).
    path: '/v1/corporate/jobs/$jobId/edit',
    roles: ['corporate'],
    permission: 'create_jobs',
    login: '/auth/corporate/login',
  },
  {
    // issue 20: a job's applicant pipeline (recruiters work it too) and the company profile.
    path: '/v1/corporate/jobs/$jobId/applicants',
    roles: ['corporate'],
    permission: 'create_jobs',
    login: '/auth/corporate/login',
  },
  {
    path: '/v1/corporate/company',
    roles: ['corporate'],
    permission: 'view_jobs',
    login: '/auth/corporate/login',
  },
  {
    // spec §6: managing the company's users is manage_users (corporate admins only).
    path: '/v1/corporate/users',
    roles: ['corporate'],
    permission: 'manage_users',
    login: '/auth/corporate/login',
  },
  {
    path: '/v1/admin/ajobs',
    roles: ['admin'],
    permission: 'delete_jobs',
    login: '/auth/login',
    dialog: 'admin',
  },
  {
    // issue 21 items 2 and 3: users, credits, companies and referral oversight (site admins only,
    // as their APIs; corporate admins manage their own company's users elsewhere).
    path: '/v1/admin/users',
    roles: ['admin'],
    permission: 'manage_users',
    login: '/auth/login',
    dialog: 'admin',
  },
  {
    path: '/v1/admin/referrals',
    roles: ['admin'],
    permission: 'manage_users',
    login: '/auth/login',
    dialog: 'admin',
  },
  {
    // issue 21 item 5: the audit log (site admins only, as its API).
    path: '/v1/admin/audit',
    roles: ['admin'],
    permission: 'manage_users',
    login: '/auth/login',
    dialog: 'admin',
  },
  {
    // issue 21 item 4: the evaluator's queue and a person's page (spec §6 evaluate_candidates,
    // which only evaluators hold).
    path: '/v1/evaluator/queue',
    roles: ['evaluator'],
    permission: 'evaluate_candidates',
    login: '/auth/login',
  },
  {
    path: '/v1/evaluator/people/$userId',
    roles: ['evaluator'],
    permission: 'evaluate_candidates',
    login: '/auth/login',
  },
  {
    path: '/v1/candidate/profile',
    roles: GENERAL_ROLES,
    permission: 'view_jobs',
    login: '/auth/login',
  },
  {
    path: '/v1/candidate/subscription',
    // Referral credits: for the users who have a referral counter (spec §1, §2 role line).
    roles: ['general-user', 'linkedin', 'admin'],
    permission: 'apply_jobs',
    login: '/auth/login',
  },
  {
    path: '/v1/employee/profile',
    roles: GENERAL_ROLES,
    permission: 'view_jobs',
    login: '/auth/login',
  },
  {
    // spec §2 and §6: "requires a token and the admin or general-user role"; issue 26 item 1: a
    // LinkedIn sign-in is a candidate too, whose first stop is this form (else it has no profile
    // and nothing works).
    path: '/post-signup-form',
    roles: ['admin', 'general-user', 'linkedin'],
    permission: 'view_jobs',
    login: '/auth/login',
  },
  {
    // spec §5: changing the password needs an authenticated user, of any kind.
    path: '/auth/change-password',
    roles: [...GENERAL_ROLES, 'corporate'],
    permission: 'view_jobs',
    login: '/auth/login',
  },
  {
    // issue 27: managing passkeys needs an authenticated user, of any kind.
    path: '/auth/passkeys',
    roles: [...GENERAL_ROLES, 'corporate'],
    permission: 'view_jobs',
    login: '/auth/login',
  },
];

function normalisePath(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A guard's path matches segment by segment; a `$name` segment matches any one segment. */
function matchesGuard(guardPath: string, path: string): boolean {
  if (guardPath === path) return true;
  if (!guardPath.includes('$')) return false;
  const want = guardPath.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith('$') ? got[i] !== '' : segment === got[i]))
  );
}

/** The guard of a path, or undefined for public paths. */
export function findRouteGuard(pathname: string): RouteGuard | undefined {
  const path = normalisePath(pathname);
  return ROUTE_GUARDS.find((guard) => matchesGuard(guard.path, path));
}

const CORPORATE_ROLES: ReadonlySet<Role> = new Set([
  'corporate',
  'corporate-admin',
  'corporate-recruiter',
]);

/** The user's roles with their corporate sub-type spelled out (`corporate` + `corporate-admin`). */
function rolesWithSubTypes(identity: IdentityRoles): Role[] {
  return [...new Set([...identity.userType, ...permissionRoles(identity)])];
}

/** True when the signed-in user may open the guarded page (spec §6). */
export function canOpenRoute(guard: RouteGuard, identity: IdentityRoles): boolean {
  const roles = rolesWithSubTypes(identity);
  const hasRole = guard.roles.some((role) =>
    role === 'corporate' ? roles.some((r) => CORPORATE_ROLES.has(r)) : roles.includes(role),
  );
  return hasRole && hasPermission(permissionRoles(identity), guard.permission);
}

/** What the app knows about the session when a guarded page is opened. */
export type SessionState =
  | { readonly kind: 'signed-out' }
  /** Was signed in, but the tokens are gone or expired and could not be refreshed. */
  | { readonly kind: 'expired' }
  /** A stored token that is not a readable JWT. */
  | { readonly kind: 'undecodable' }
  | { readonly kind: 'signed-in'; readonly identity: IdentityRoles };

export type GuardDecision =
  | { readonly kind: 'allow' }
  | { readonly kind: 'login'; readonly to: LoginPage; readonly expired: boolean }
  | { readonly kind: 'error' }
  | { readonly kind: 'denied'; readonly dialog: AccessDialog };

/**
 * spec §4 Route guard: no token → the page's login; expired → login (with the §8 toast, done by
 * the caller); undecodable → the error page; role mismatch → an access-denied dialog (§2). The
 * dialog: the page's own (admin pages), else Corporate for corporate users (its "Go to Home"
 * leads to corporate jobs, their home), else the general one.
 */
export function decideAccess(guard: RouteGuard, state: SessionState): GuardDecision {
  switch (state.kind) {
    case 'signed-out':
      return { kind: 'login', to: guard.login, expired: false };
    case 'expired':
      return { kind: 'login', to: guard.login, expired: true };
    case 'undecodable':
      return { kind: 'error' };
    case 'signed-in': {
      if (canOpenRoute(guard, state.identity)) return { kind: 'allow' };
      if (guard.dialog) return { kind: 'denied', dialog: guard.dialog };
      const corporate = rolesWithSubTypes(state.identity).some((r) => CORPORATE_ROLES.has(r));
      return { kind: 'denied', dialog: corporate ? 'corporate' : 'default' };
    }
  }
}
