/**
 * The change-password screen's inline validation (spec §5: old and new password are needed; the
 * pool's password policy; the confirmation must match). Nothing here reaches the identity
 * service: every case is refused before a call, which the e2e test (tests/e2e/auth-steps.spec.ts)
 * then makes for real. The spy only proves that no call was made.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from '@/features/auth';

const loadAuthActions = vi.hoisted(() => vi.fn());
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  loadAuthActions,
}));

afterEach(() => {
  loadAuthActions.mockReset();
});

function renderForm() {
  render(
    <MantineProvider>
      <ChangePasswordForm />
    </MantineProvider>,
  );
  return {
    current: screen.getByLabelText(/^Current password/),
    next: screen.getByLabelText(/^New password/),
    confirm: screen.getByLabelText(/^Confirm new password/),
    submit: screen.getByRole('button', { name: 'Change password' }),
  };
}

describe('change password: inline validation before any call', () => {
  it('asks for every field on an empty submit', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.click(form.submit);
    expect(screen.getByText('Enter your current password.')).toBeTruthy();
    expect(screen.getByText('Choose a new password.')).toBeTruthy();
    expect(loadAuthActions).not.toHaveBeenCalled();
  });

  it.each([
    ['short1!A', null],
    ['Ab1!', 'Use at least 8 characters.'],
    ['alllower1!', 'Use upper and lower case letters.'],
    ['NoNumbers!', 'Add a number.'],
    ['NoSymbol12', 'Add a symbol.'],
  ])('new password %s → %s', async (password, message) => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.current, 'Passw0rd!');
    await user.type(form.next, password);
    await user.type(form.confirm, password);
    if (message === null) {
      // A valid form goes on to the identity call (refused here, which is fine for this test).
      loadAuthActions.mockRejectedValue(new Error('not in unit tests'));
      await user.click(form.submit);
      expect(loadAuthActions).toHaveBeenCalled();
      expect((await screen.findByRole('alert')).textContent).toBe('not in unit tests');
      return;
    }
    await user.click(form.submit);
    expect(screen.getByText(message)).toBeTruthy();
    expect(loadAuthActions).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that does not match, and clears the message once it does', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.current, 'Passw0rd!');
    await user.type(form.next, 'N3w!Passw0rd');
    await user.type(form.confirm, 'N3w!Passw0rX');
    await user.click(form.submit);
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    await user.clear(form.confirm);
    await user.type(form.confirm, 'N3w!Passw0rd');
    expect(screen.queryByText('The passwords do not match.')).toBeNull();
  });

  it('refuses a new password equal to the current one', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.current, 'Passw0rd!');
    await user.type(form.next, 'Passw0rd!');
    await user.type(form.confirm, 'Passw0rd!');
    await user.click(form.submit);
    expect(screen.getByText('Choose a password different from the current one.')).toBeTruthy();
    expect(loadAuthActions).not.toHaveBeenCalled();
  });
});
