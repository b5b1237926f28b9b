import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INSTALL_DISMISSALS_KEY,
  INSTALL_DISMISSED_AT_KEY,
  INSTALL_SNOOZE_MS,
  isIosSafari,
  offerInstall,
  type InstallPromptEvent,
} from '@/lib/pwa/install-banner';
import { captureInstallPrompt } from '@/lib/pwa/install-capture';

function promptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

const banner = () => screen.queryByRole('region', { name: 'Install ReferralHub' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  document.querySelectorAll('[data-install-banner]').forEach((node) => node.remove());
});

describe('install offer', () => {
  it('captures beforeinstallprompt and offers Install, which opens the browser prompt', async () => {
    captureInstallPrompt();
    const { event, prompt } = promptEvent('accepted');
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true); // no mini-infobar: our own words instead
    await waitFor(() => expect(banner()).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(localStorage.getItem(INSTALL_DISMISSALS_KEY)).toBeNull();
  });

  it('takes over a prompt the start script kept before the app ran (src/start-after-paint.ts)', async () => {
    const { event, prompt } = promptEvent('accepted');
    window.rhEarlyInstall = event;
    captureInstallPrompt();
    await waitFor(() => expect(banner()).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledTimes(1); // the kept event's own prompt
  });

  it('stops offering after two dismissals (Not now, or refusing the prompt)', async () => {
    act(() => offerInstall(promptEvent('dismissed').event));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(banner()).not.toBeInTheDocument();

    // Two weeks later (issue 26 item 4: not on the next reload).
    localStorage.setItem(INSTALL_DISMISSED_AT_KEY, String(Date.now() - INSTALL_SNOOZE_MS - 1));
    act(() => offerInstall(promptEvent('dismissed').event));
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(localStorage.getItem(INSTALL_DISMISSALS_KEY)).toBe('2');

    act(() => offerInstall(promptEvent('accepted').event));
    expect(banner()).not.toBeInTheDocument();
  });

  it('after "Not now" it rests for two weeks instead of coming back on the next load', async () => {
    act(() => offerInstall(promptEvent('dismissed').event));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    act(() => offerInstall(promptEvent('dismissed').event)); // the next page load
    expect(banner()).not.toBeInTheDocument();
    const dismissedAt = Number(localStorage.getItem(INSTALL_DISMISSED_AT_KEY));
    localStorage.setItem(
      INSTALL_DISMISSED_AT_KEY,
      String(dismissedAt - INSTALL_SNOOZE_MS + 60_000),
    );
    act(() => offerInstall(promptEvent('dismissed').event)); // a minute before the two weeks end
    expect(banner()).not.toBeInTheDocument();
    localStorage.setItem(INSTALL_DISMISSED_AT_KEY, String(dismissedAt - INSTALL_SNOOZE_MS - 1));
    act(() => offerInstall(promptEvent('dismissed').event));
    expect(banner()).toBeInTheDocument();
  });

  it('publishes its height while it shows, so the offline notice can sit above it', async () => {
    act(() => offerInstall(promptEvent('dismissed').event));
    const space = () => document.documentElement.style.getPropertyValue('--install-banner-space');
    expect(space()).toMatch(/^\d+px$/);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(space()).toBe('');
  });

  it('is not offered inside the installed app, and goes away on appinstalled', () => {
    act(() => offerInstall(promptEvent('accepted').event));
    expect(banner()).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(banner()).not.toBeInTheDocument();

    const matchMedia = vi
      .spyOn(window, 'matchMedia')
      .mockReturnValue({ matches: true } as MediaQueryList);
    act(() => offerInstall(promptEvent('accepted').event));
    expect(banner()).not.toBeInTheDocument();
    matchMedia.mockRestore();
  });

  it('explains Add to Home Screen in iOS Safari only', () => {
    const iphoneSafari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const iphoneChrome = iphoneSafari.replace('Version/18.0', 'CriOS/130.0');
    const ipadAsMac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
    expect(isIosSafari(iphoneSafari, 5)).toBe(true);
    expect(isIosSafari(ipadAsMac, 5)).toBe(true);
    expect(isIosSafari(ipadAsMac, 0)).toBe(false); // a real Mac
    expect(isIosSafari(iphoneChrome, 5)).toBe(false);

    const ua = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iphoneSafari);
    act(() => offerInstall('ios'));
    expect(banner()).toHaveTextContent('Add to Home Screen');
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
    ua.mockRestore();
  });
});
