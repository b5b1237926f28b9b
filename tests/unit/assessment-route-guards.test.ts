/**
 * The evaluator's pages in the route-guard table (issue 21 item 4; spec §4 Route guard, §6
 * evaluate_candidates): they open for evaluators only; admins, candidates and corporate users get
 * the §2 dialogs, signed-out visitors the login; evaluators land on their queue after sign-in.
 */
import { describe, expect, it } from 'vitest';
import { dashboardPath, mapIdentityGroups } from '@/domain/roles';
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

describe('issue 21 evaluator pages', () => {
  it.each(['/v1/evaluator/queue', '/v1/evaluator/people/usr-candidate'])('%s', (path) => {
    expect(decide(path, signedIn('evaluator'))).toEqual({ kind: 'allow' });
    expect(decide(path, signedIn('admin'))).toEqual({ kind: 'denied', dialog: 'default' });
    expect(decide(path, signedIn('general-user'))).toEqual({ kind: 'denied', dialog: 'default' });
    expect(decide(path, signedIn('corporate-admin'))).toEqual({
      kind: 'denied',
      dialog: 'corporate',
    });
    expect(decide(path, { kind: 'signed-out' })).toEqual({
      kind: 'login',
      to: '/auth/login',
      expired: false,
    });
  });

  it('finds the person guard for any id, and none for other shapes', () => {
    expect(findRouteGuard('/v1/evaluator/people/abc/')?.path).toBe('/v1/evaluator/people/$userId');
    expect(findRouteGuard('/v1/evaluator/people/a/b')).toBeUndefined();
  });

  it('sends evaluators to their queue after sign-in, whatever dashboard they used last', () => {
    expect(dashboardPath({ userType: ['evaluator'], lastAccessedDash: 'CAND' })).toBe(
      '/v1/evaluator/queue',
    );
    expect(dashboardPath({ userType: ['admin', 'evaluator'] })).toBe('/v1/admin/ajobs');
  });
});
