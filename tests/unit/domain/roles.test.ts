import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  ROLES,
  ROLE_PERMISSIONS,
  avatarRoleLine,
  dashboardPath,
  followsLastDashboard,
  hasPermission,
  mapIdentityGroups,
  permissionRoles,
} from '../../../src/domain/roles';

describe('permissions table (spec §6)', () => {
  it('is exactly the spec table', () => {
    expect(ROLE_PERMISSIONS).toEqual({
      admin: ['view_jobs', 'create_jobs', 'delete_jobs', 'manage_users', 'apply_jobs'],
      corporate: ['view_jobs', 'create_jobs', 'delete_jobs', 'manage_users'],
      'corporate-admin': ['view_jobs', 'create_jobs', 'delete_jobs', 'manage_users'],
      'corporate-recruiter': ['view_jobs', 'create_jobs'],
      evaluator: ['view_jobs', 'evaluate_candidates'],
      linkedin: ['view_jobs', 'apply_jobs'],
      'general-user': ['view_jobs', 'apply_jobs'],
    });
    expect([...ROLES].sort()).toEqual(Object.keys(ROLE_PERMISSIONS).sort());
  });

  it('answers hasPermission from the table for every role and permission', () => {
    for (const role of ROLES) {
      for (const permission of PERMISSIONS) {
        expect(hasPermission([role], permission)).toBe(ROLE_PERMISSIONS[role].includes(permission));
      }
    }
  });

  it('grants what any of several roles grants, and nothing for unknown roles', () => {
    expect(hasPermission(['corporate-recruiter', 'evaluator'], 'evaluate_candidates')).toBe(true);
    expect(hasPermission(['corporate-recruiter', 'evaluator'], 'delete_jobs')).toBe(false);
    expect(hasPermission('admin', 'manage_users')).toBe(true);
    expect(hasPermission(['superuser'], 'view_jobs')).toBe(false);
    expect(hasPermission(null, 'view_jobs')).toBe(false);
    expect(hasPermission([], 'view_jobs')).toBe(false);
  });
});

describe('mapIdentityGroups (spec §4)', () => {
  it.each([
    [['corporate-admin'], ['corporate'], 'corporate-admin'],
    [['corporate-recruiter'], ['corporate'], 'corporate-recruiter'],
    [['corporate'], ['corporate'], null],
    [['admin'], ['admin'], null],
    [['evaluator'], ['evaluator'], null],
    [['linkedin'], ['linkedin'], null],
    [['general-user'], ['general-user'], null],
    [[], ['general-user'], null],
    [['ap-south-1_google'], ['general-user'], null],
    [['admin', 'admin', 'evaluator'], ['admin', 'evaluator'], null],
    [['corporate-recruiter', 'corporate-admin'], ['corporate'], 'corporate-admin'],
    [['corporate-admin', 'corporate-recruiter'], ['corporate'], 'corporate-admin'],
  ])('%j → %j (%s)', (groups, userType, corporateUserType) => {
    expect(mapIdentityGroups(groups)).toEqual({ userType, corporateUserType });
  });

  it('maps no groups at all to general-user', () => {
    expect(mapIdentityGroups(null)).toEqual({
      userType: ['general-user'],
      corporateUserType: null,
    });
    expect(mapIdentityGroups(undefined).userType).toEqual(['general-user']);
  });

  it('narrows corporate to its sub-type for permission checks', () => {
    const recruiter = permissionRoles(mapIdentityGroups(['corporate-recruiter']));
    expect(recruiter).toEqual(['corporate-recruiter']);
    expect(hasPermission(recruiter, 'create_jobs')).toBe(true);
    expect(hasPermission(recruiter, 'delete_jobs')).toBe(false);
    const admin = permissionRoles(mapIdentityGroups(['corporate-admin']));
    expect(hasPermission(admin, 'delete_jobs')).toBe(true);
    expect(permissionRoles(mapIdentityGroups(['corporate']))).toEqual(['corporate']);
  });
});

describe('dashboardPath (spec §2)', () => {
  it.each([
    [['corporate'], undefined, '/v1/corporate/jobs'],
    [['corporate-recruiter'], 'CAND', '/v1/corporate/jobs'],
    [['admin'], 'CAND', '/v1/admin/ajobs'],
    [['admin', 'corporate'], undefined, '/v1/corporate/jobs'],
    [['general-user'], 'CAND', '/v1/candidate/profile'],
    [['general-user'], ' cand ', '/v1/candidate/profile'],
    [['linkedin'], 'CAND', '/v1/candidate/profile'],
    [['general-user'], 'EMP', '/v1/employee/profile'],
    [['general-user'], null, '/v1/employee/profile'],
    [['evaluator'], undefined, '/v1/evaluator/queue'],
    [['evaluator'], 'CAND', '/v1/evaluator/queue'],
    [[], 'CAND', '/v1/candidate/profile'],
  ])('%j with %j → %s', (userType, lastAccessedDash, path) => {
    expect(dashboardPath({ userType, lastAccessedDash })).toBe(path);
  });

  it('follows the last accessed dashboard exactly for the users whose target depends on it', () => {
    for (const role of ROLES) {
      const userType = [role];
      const moves =
        dashboardPath({ userType, lastAccessedDash: 'CAND' }) !==
        dashboardPath({ userType, lastAccessedDash: 'EMP' });
      expect(followsLastDashboard({ userType }), role).toBe(moves);
    }
  });
});

describe('avatarRoleLine (spec §2)', () => {
  it('shows the referral count to candidates, linkedin users and admins', () => {
    expect(avatarRoleLine({ userType: ['general-user'], referralCount: 5 })).toEqual({
      kind: 'referrals',
      count: 5,
    });
    expect(avatarRoleLine({ userType: ['linkedin'], referralCount: 2 })).toEqual({
      kind: 'referrals',
      count: 2,
    });
    expect(avatarRoleLine({ userType: ['admin'], referralCount: 0 })).toEqual({
      kind: 'referrals',
      count: 0,
    });
  });

  it('reads a missing or invalid count as 0', () => {
    for (const referralCount of [null, undefined, -3, Number.NaN]) {
      expect(avatarRoleLine({ userType: ['general-user'], referralCount })).toEqual({
        kind: 'referrals',
        count: 0,
      });
    }
    expect(avatarRoleLine({ userType: ['general-user'], referralCount: 2.7 })).toEqual({
      kind: 'referrals',
      count: 2,
    });
  });

  it('shows corporate users their sub-type', () => {
    const label = (corporateUserType: string | null, userType = ['corporate']) =>
      avatarRoleLine({ userType, corporateUserType });
    expect(label('corporate-admin')).toEqual({ kind: 'label', label: 'Admin' });
    expect(label('corporate-recruiter')).toEqual({ kind: 'label', label: 'Recruiter' });
    expect(label(null)).toEqual({ kind: 'label', label: 'Corporate User' });
    expect(label(null, ['corporate-recruiter'])).toEqual({ kind: 'label', label: 'Recruiter' });
  });

  it('shows Evaluator to evaluators and User to anyone else', () => {
    expect(avatarRoleLine({ userType: ['evaluator'] })).toEqual({
      kind: 'label',
      label: 'Evaluator',
    });
    expect(avatarRoleLine({ userType: [] })).toEqual({ kind: 'label', label: 'User' });
    expect(avatarRoleLine({ userType: ['someone'] })).toEqual({ kind: 'label', label: 'User' });
    expect(avatarRoleLine({ userType: null })).toEqual({ kind: 'label', label: 'User' });
  });
});
