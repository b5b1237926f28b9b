/**
 * The job form's page (issue 20 item 1) in the route-guard table (spec §4 Route guard, §6): it
 * opens for both corporate roles (recruiters post jobs: create_jobs), shows everyone else the
 * §2 dialog and sends signed-out visitors to the corporate login.
 */
import { describe, expect, it } from 'vitest';
import { mapIdentityGroups } from '@/domain/roles';
import { decideAccess, findRouteGuard, type SessionState } from '@/domain/route-access';

const signedIn = (...groups: string[]): SessionState => ({
  kind: 'signed-in',
  identity: mapIdentityGroups(groups),
});

describe('the corporate job form', () => {
  const path = '/v1/corporate/jobs/job-0b6f3a52-1c1d-4e3e-9d55-3b1f0e7c2a11/edit';

  it('is guarded for any job id', () => {
    expect(findRouteGuard(`${path}/`)?.path).toBe('/v1/corporate/jobs/$jobId/edit');
  });

  it('opens for a corporate admin and a recruiter only', () => {
    const guard = findRouteGuard(path)!;
    expect(decideAccess(guard, signedIn('corporate-admin')).kind).toBe('allow');
    expect(decideAccess(guard, signedIn('corporate-recruiter')).kind).toBe('allow');
    expect(decideAccess(guard, signedIn('general-user'))).toEqual({
      kind: 'denied',
      dialog: 'default',
    });
    expect(decideAccess(guard, { kind: 'signed-out' })).toEqual({
      kind: 'login',
      to: '/auth/corporate/login',
      expired: false,
    });
  });
});
