import { describe, expect, it } from 'vitest';
import { isNavigationFallbackExcluded } from '../../sw/navigation';

describe('service worker navigation fallback', () => {
  it.each([
    '/',
    '/jobs',
    '/jobs/acme_corp/42',
    '/referrals/acme/COMP%231',
    '/v1/candidate/profile',
    '/apiary',
    '/auth/login',
  ])('answers the app route %s with the cached shell', (path) => {
    expect(isNavigationFallbackExcluded(path)).toBe(false);
  });

  it.each([
    '/api',
    '/api/health',
    '/jobs-api/job/1',
    '/storage/upload/abc',
    '/_dev/checkout/order_abc123',
    '/auth/checkRedirection',
    '/icons/icon-192.png',
    '/robots.txt',
  ])('lets %s go to the network', (path) => {
    expect(isNavigationFallbackExcluded(path)).toBe(true);
  });
});
