import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { expectFirstScreen, watchFirstScreen } from '@/lib/first-screen-shown';
import { captureInstallPrompt } from '@/lib/pwa/install-capture';
// Loaded up front, so the banner's code is in at once and only the wait can keep it away.
import '@/lib/pwa/install-banner';

// A file of its own: it starts a page load (module state of lib/first-screen-shown) that the
// banner's other tests must not inherit.
it('takes the browser prompt at once but shows the banner once the first screen is shown', async () => {
  expectFirstScreen();
  captureInstallPrompt();
  const event = new Event('beforeinstallprompt', { cancelable: true });
  Object.assign(event, {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome: 'accepted' }),
  });
  act(() => void window.dispatchEvent(event));
  expect(event.defaultPrevented).toBe(true); // no mini-infobar meanwhile

  await new Promise((resolve) => setTimeout(resolve, 100));
  const banner = () => screen.queryByRole('region', { name: 'Install ReferralHub' });
  expect(banner()).not.toBeInTheDocument(); // the page is still loading

  let routeResolved: () => void = () => undefined;
  const router = {
    subscribe: (_event: 'onRendered', listener: () => void) => {
      routeResolved = listener;
      return () => undefined;
    },
  };
  const client = new QueryClient();
  watchFirstScreen(router, () => client);
  routeResolved();
  await waitFor(() => expect(banner()).toBeInTheDocument());
});
