import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, type SessionSummary } from '@/lib/auth';
import { reportGuardedPages } from '@/lib/pwa/guarded-pages';
import { GUARDED_PAGES_MESSAGE, type GuardedPagesMessage } from '@/lib/pwa/guarded-pages-message';

/** A worker container whose active worker records what the page tells it. */
function container() {
  const told: (readonly string[] | undefined)[] = [];
  const active = {
    postMessage: (message: GuardedPagesMessage) => {
      expect(message.type).toBe(GUARDED_PAGES_MESSAGE);
      told.push(message.paths);
    },
  };
  const ready = Promise.resolve({ active });
  return { told, container: { ready } as unknown as ServiceWorkerContainer };
}

const session = (
  userType: SessionSummary['userType'],
  corporateUserType = null as SessionSummary['corporateUserType'],
): SessionSummary => ({
  sub: 'user-1',
  email: 'someone@example.com',
  fullName: 'Someone',
  userType,
  corporateUserType,
  lastAccessedDash: null,
});

/** Long enough for a change to be told, were it to be. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

afterEach(() => {
  setSession(null);
});

describe('the page tells its service worker which guarded pages the user may open', () => {
  it('none signed out; the corporate ones for a corporate admin; again only when they change', async () => {
    setSession(null);
    const { told, container: worker } = container();
    reportGuardedPages(worker);
    await vi.waitFor(() => expect(told).toEqual([[]]));

    setSession(session(['corporate'], 'corporate-admin'));
    await vi.waitFor(() => expect(told).toHaveLength(2));
    const corporate = told.at(-1) ?? [];
    expect(corporate).toEqual(
      expect.arrayContaining([
        '/v1/corporate/jobs',
        '/v1/corporate/jobs/$jobId/edit',
        '/v1/corporate/users',
      ]),
    );
    expect(corporate).not.toContain('/v1/admin/users');

    // The same user again (a profile refresh): nothing new to tell.
    setSession({ ...session(['corporate'], 'corporate-admin'), fullName: 'Renamed' });
    await settle();
    expect(told).toHaveLength(2);

    // A recruiter may not manage users: that page's code is not theirs to download.
    setSession(session(['corporate'], 'corporate-recruiter'));
    await vi.waitFor(() => expect(told).toHaveLength(3));
    expect(told.at(-1)).toContain('/v1/corporate/jobs');
    expect(told.at(-1)).not.toContain('/v1/corporate/users');

    setSession(null);
    await vi.waitFor(() => expect(told).toHaveLength(4));
    expect(told.at(-1)).toEqual([]);
  });

  it('an evaluator gets the evaluator pages, not the admin or corporate ones', async () => {
    setSession(session(['evaluator']));
    const { told, container: worker } = container();
    reportGuardedPages(worker);
    await vi.waitFor(() => expect(told).toHaveLength(1));
    expect(told.at(-1)).toEqual(expect.arrayContaining(['/v1/evaluator/queue']));
    expect(told.at(-1)?.some((path) => /admin|corporate/.test(path))).toBe(false);
  });
});
