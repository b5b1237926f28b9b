/**
 * The first load paints the shell while the route's own code downloads (src/app/router.tsx,
 * issue 24); later navigations keep TanStack Router's defaults (the page a user is on stays until
 * the next one is ready, no flash of an empty page area).
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '@/app/router';

describe('pending UI', () => {
  it('shows the shell at once on the first load, then returns to the defaults', async () => {
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/faq'] }));
    expect(router.options.defaultPendingMs).toBe(0);
    expect(router.options.defaultPendingMinMs).toBe(0);
    expect(router.options.defaultPendingComponent).toBeDefined();
    await router.load();
    expect(router.options.defaultPendingMs).toBe(1_000);
    expect(router.options.defaultPendingMinMs).toBe(500);
    // The route table is untouched by the switch.
    await router.navigate({ to: '/about' });
    expect(router.state.location.pathname).toBe('/about');
  });
});
