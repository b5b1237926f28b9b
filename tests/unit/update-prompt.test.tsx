import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '@/lib/pwa';
import { UpdatePrompt } from '@/features/shell';
import { fakeRegistration } from './fakes/pwa-register';

describe('update prompt', () => {
  it('appears when a new version waits, and Reload asks the new worker to take over', async () => {
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { addEventListener: vi.fn() },
      configurable: true,
    });
    await registerServiceWorker();
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();

    act(() => fakeRegistration.options?.onNeedRefresh?.());
    expect(screen.getByRole('alertdialog', { name: 'Update available' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(fakeRegistration.updateCalls).toBe(1);
    expect(screen.getByRole('button', { name: /Reloading/ })).toBeDisabled();
  });

  it('can be put off with Later', async () => {
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    act(() => fakeRegistration.options?.onNeedRefresh?.());
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();
  });
});
