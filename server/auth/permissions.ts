/**
 * Permission checks for a verified caller, with the spec §6 table kept once in src/domain:
 * "corporate" is narrowed to the stored sub-type first, so a recruiter never gets the
 * corporate admin's rights (manage_users, delete_jobs).
 */
import { hasPermission, permissionRoles, type Permission } from '../../src/domain/roles';
import type { Principal } from './verify-token';

export function can(principal: Principal, permission: Permission): boolean {
  const roles = permissionRoles({
    userType: [...principal.roles],
    corporateUserType: principal.corporateSubType ?? null,
  });
  return hasPermission(roles, permission);
}
