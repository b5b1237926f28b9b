/**
 * Permission checks for a verified caller, with the spec §6 table and the route-guard table kept
 * once in src/domain (roles.ts, route-access.ts), the same ones the app's guards use:
 * "corporate" is narrowed to the stored sub-type first, so a recruiter never gets the corporate
 * admin's rights (manage_users, delete_jobs).
 */
import {
  hasPermission,
  permissionRoles,
  type IdentityRoles,
  type Permission,
} from '../../src/domain/roles';
import { canOpenRoute as guardAllows, findRouteGuard } from '../../src/domain/route-access';
import type { Principal } from './verify-token';

function identityOf(principal: Principal): IdentityRoles {
  return { userType: [...principal.roles], corporateUserType: principal.corporateSubType ?? null };
}

export function can(principal: Principal, permission: Permission): boolean {
  return hasPermission(permissionRoles(identityOf(principal)), permission);
}

/**
 * Whether the caller may use a guarded page of the app (spec §4 Route guard, §6): for API calls
 * that serve one page only. Paths without a guard are public.
 */
export function canOpenRoute(principal: Principal, pathname: string): boolean {
  const guard = findRouteGuard(pathname);
  return !guard || guardAllows(guard, identityOf(principal));
}
