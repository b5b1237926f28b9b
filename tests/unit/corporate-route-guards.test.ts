/**
 * The corporate pages of issue 20 in the route-guard table (spec §4 Route guard, §6): a job's
 * pipeline (any path id) and the company profile open for both corporate roles, the users page
 * for corporate admins only (manage_users); everyone else gets the §2 dialogs, and signed-out
 * visitors the corporate login.
 */
import { describe, expect, it } from 'vitest';
import { mapIdentityGroups } from '@/domain/roles';
import { decideAccess, findRouteGuard, type SessionState } from '@/domain/route-access';

const signedIn = (...groups: string[]): SessionState => ({
  kind: 'signed-in',
  identity: mapIdentityGroups(groups),
});

function decide(path: string, state: SessionState) {
  const guard = findRouteGuard(path);
  if (!guard) throw new Error(`${path} has no guard`);
  return decideAccess(guard, state);
}

describe('issue 20 corporate pages', () => {
  it('find the pipeline guard for any job id, and no guard for other shapes', () => {
    expect(findRouteGuard('/v1/corporate/jobs/job-123/applicants/')?.path).toBe(
      '/v1/corporate/jobs/$jobId/applicants',
    );
    expect(findRouteGuard('/v1/corporate/jobs//applicants')).toBeUndefined();
    expect(findRouteGuard('/v1/corporate/jobs/a/b/applicants')).toBeUndefined();
  });

  it.each([
    ['/v1/corporate/jobs/job-1/applicants', 'allow', 'allow'],
    ['/v1/corporate/company', 'allow', 'allow'],
    ['/v1/corporate/users', 'allow', 'denied'],
  ])('%s: corporate admin %s, recruiter %s', (path, admin, recruiter) => {
    expect(decide(path, signedIn('corporate-admin')).kind).toBe(admin);
    expect(decide(path, signedIn('corporate-recruiter')).kind).toBe(recruiter);
    expect(decide(path, signedIn('general-user'))).toEqual({ kind: 'denied', dialog: 'default' });
    expect(decide(path, { kind: 'signed-out' })).toEqual({
      kind: 'login',
      to: '/auth/corporate/login',
      expired: false,
    });
  });

  it('shows a recruiter the Corporate dialog on the users page (spec §2)', () => {
    expect(decide('/v1/corporate/users', signedIn('corporate-recruiter'))).toEqual({
      kind: 'denied',
      dialog: 'corporate',
    });
  });
});
