/**
 * Roles, permissions and the role-derived bits of the UI: the permissions table of spec §6, the
 * identity-group mapping of spec §4, the dashboard target and the avatar role line of spec §2.
 * The server checks permissions with the same table; the app's checks are for UX only.
 */

import { ROLES, type CorporateUserType, type Role } from './role-names';

export { ROLES, type CorporateUserType, type Role };

export const PERMISSIONS = [
  'view_jobs',
  'create_jobs',
  'delete_jobs',
  'manage_users',
  'apply_jobs',
  'evaluate_candidates',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

// spec §6: the permissions table, exactly.
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: ['view_jobs', 'create_jobs', 'delete_jobs', 'manage_users', 'apply_jobs'],
  corporate: ['view_jobs', 'create_jobs', 'delete_jobs', 'manage_users'],
  'corporate-admin': ['view_jobs', 'create_jobs', 'delete_jobs', 'manage_users'],
  'corporate-recruiter': ['view_jobs', 'create_jobs'],
  evaluator: ['view_jobs', 'evaluate_candidates'],
  linkedin: ['view_jobs', 'apply_jobs'],
  'general-user': ['view_jobs', 'apply_jobs'],
};

const roleSet: ReadonlySet<string> = new Set(ROLES);

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && roleSet.has(value);
}

function rolesOf(roles: Iterable<string> | string | null | undefined): Role[] {
  if (roles == null) return [];
  const list = typeof roles === 'string' ? [roles] : [...roles];
  return list.filter(isRole);
}

/** True when any of the roles grants the permission. Unknown role names grant nothing. */
export function hasPermission(
  roles: Iterable<string> | string | null | undefined,
  permission: Permission,
): boolean {
  return rolesOf(roles).some((role) => ROLE_PERMISSIONS[role].includes(permission));
}

export interface IdentityRoles {
  /** The user type list stored at sign-in (spec §3 userType). */
  readonly userType: Role[];
  /** The corporate sub-type kept beside it (spec §4), or null. */
  readonly corporateUserType: CorporateUserType | null;
}

/**
 * spec §4 identity group mapping: corporate-admin or corporate-recruiter → corporate with the
 * sub-type stored; admin, evaluator, linkedin, general-user → themselves; no groups →
 * general-user. Our choices: a plain "corporate" group maps to corporate with no sub-type;
 * unknown groups are ignored (only unknown groups counts as no groups); a user in both corporate
 * groups keeps the admin sub-type; duplicates are dropped, first appearance order kept.
 */
export function mapIdentityGroups(groups: Iterable<string> | null | undefined): IdentityRoles {
  const userType: Role[] = [];
  let corporateUserType: CorporateUserType | null = null;
  const add = (role: Role) => {
    if (!userType.includes(role)) userType.push(role);
  };
  for (const group of groups ?? []) {
    if (group === 'corporate-admin' || group === 'corporate-recruiter') {
      add('corporate');
      if (corporateUserType !== 'corporate-admin') corporateUserType = group;
    } else if (isRole(group)) {
      add(group);
    }
  }
  if (userType.length === 0) add('general-user');
  return { userType, corporateUserType };
}

/**
 * The roles to check permissions with: "corporate" narrowed to its stored sub-type, so a
 * recruiter cannot delete jobs although the plain corporate role could (spec §6).
 */
export function permissionRoles(identity: IdentityRoles): Role[] {
  const { corporateUserType } = identity;
  return identity.userType.map((role) =>
    role === 'corporate' && corporateUserType ? corporateUserType : role,
  );
}

function isCorporateRole(role: Role): boolean {
  return role === 'corporate' || role === 'corporate-admin' || role === 'corporate-recruiter';
}

// spec §2: dashboard targets (signed-in routes, prefix v1).
export const DASHBOARD_PATHS = {
  corporate: '/v1/corporate/jobs',
  admin: '/v1/admin/ajobs',
  candidate: '/v1/candidate/profile',
  employee: '/v1/employee/profile',
  // issue 21 item 4: the evaluator's work is the assessment queue (spec §2 names no target for
  // evaluators; without one they would land on a candidate profile they have no use for).
  evaluator: '/v1/evaluator/queue',
} as const;
export type DashboardPath = (typeof DASHBOARD_PATHS)[keyof typeof DASHBOARD_PATHS];

// spec §2: the last accessed dashboard value that means the candidate dashboard.
export const CANDIDATE_DASHBOARD = 'CAND';
// What the app stores when the employee dashboard is used (spec §2: anything but CAND means it).
export const EMPLOYEE_DASHBOARD = 'EMP';
export type DashboardSide = typeof CANDIDATE_DASHBOARD | typeof EMPLOYEE_DASHBOARD;

/** True when the dashboard target follows the last accessed dashboard (spec §2: neither a
 * corporate user nor an admin), so moving between the two dashboards should be remembered. */
export function followsLastDashboard(user: {
  readonly userType: Iterable<string> | string | null | undefined;
}): boolean {
  const roles = rolesOf(user.userType);
  return !roles.some(isCorporateRole) && !roles.includes('admin') && !roles.includes('evaluator');
}

/**
 * spec §2: corporate users go to corporate jobs, admins to admin jobs (corporate is checked
 * first, in the spec's order), evaluators to their queue (issue 21 item 4); others by last
 * accessed dashboard: CAND → candidate profile, anything else (including none) → employee
 * profile. CAND is compared ignoring case and spaces.
 */
export function dashboardPath(user: {
  readonly userType: Iterable<string> | string | null | undefined;
  readonly lastAccessedDash?: string | null;
}): DashboardPath {
  const roles = rolesOf(user.userType);
  if (roles.some(isCorporateRole)) return DASHBOARD_PATHS.corporate;
  if (roles.includes('admin')) return DASHBOARD_PATHS.admin;
  if (roles.includes('evaluator')) return DASHBOARD_PATHS.evaluator;
  const last = user.lastAccessedDash?.trim().toUpperCase();
  return last === CANDIDATE_DASHBOARD ? DASHBOARD_PATHS.candidate : DASHBOARD_PATHS.employee;
}

export type AvatarRoleLine =
  | { readonly kind: 'referrals'; readonly count: number }
  | {
      readonly kind: 'label';
      readonly label: 'Admin' | 'Recruiter' | 'Corporate User' | 'Evaluator' | 'User';
    };

/**
 * spec §2 avatar role line, rules in the spec's order: candidates, linkedin users and admins see
 * their referral count; corporate users see Admin, Recruiter or Corporate User by sub-type;
 * evaluators see Evaluator; others User. "Candidates" are general users (candidates and
 * referees share that role, and spec §1 gives both a referral counter), so "others" are users
 * whose roles are unknown or not loaded yet. A missing or invalid count reads 0.
 */
export function avatarRoleLine(user: {
  readonly userType: Iterable<string> | string | null | undefined;
  readonly corporateUserType?: string | null;
  readonly referralCount?: number | null;
}): AvatarRoleLine {
  const roles = rolesOf(user.userType);
  if (roles.some((role) => role === 'general-user' || role === 'linkedin' || role === 'admin')) {
    const count = user.referralCount;
    const valid = typeof count === 'number' && Number.isFinite(count) && count > 0;
    return { kind: 'referrals', count: valid ? Math.floor(count) : 0 };
  }
  if (roles.some(isCorporateRole)) {
    const subType = roles.includes('corporate-admin')
      ? 'corporate-admin'
      : roles.includes('corporate-recruiter')
        ? 'corporate-recruiter'
        : user.corporateUserType;
    if (subType === 'corporate-admin') return { kind: 'label', label: 'Admin' };
    if (subType === 'corporate-recruiter') return { kind: 'label', label: 'Recruiter' };
    return { kind: 'label', label: 'Corporate User' };
  }
  if (roles.includes('evaluator')) return { kind: 'label', label: 'Evaluator' };
  return { kind: 'label', label: 'User' };
}
