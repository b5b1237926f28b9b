/**
 * Sign-up keeps to the pool's password policy before any call (issue 26 item 9): `password`
 * was accepted although the hint asks for mixed case, a number and a symbol. The identity
 * stand-in refuses it too (tests/server/identity/sign-in-steps.test.ts); the spy here only shows
 * whether the form went on to the identity call.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordPolicyMessage } from '@/domain/password-policy';
import { SignUpForm } from '@/features/auth';

const loadAuthActions = vi.hoisted(() => vi.fn());
const signUpWithPassword = vi.hoisted(() => vi.fn());
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  loadAuthActions,
}));
// No router here: the footer's link is a plain anchor, navigation a no-op.
vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => vi.fn(),
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
}));

afterEach(() => {
  loadAuthActions.mockReset();
  signUpWithPassword.mockReset();
});

async function submit(password: string) {
  loadAuthActions.mockResolvedValue({ signUpWithPassword });
  signUpWithPassword.mockResolvedValue('CONFIRM_SIGN_UP');
  const user = userEvent.setup();
  render(
    <MantineProvider>
      <SignUpForm />
    </MantineProvider>,
  );
  await user.type(screen.getByLabelText(/^Full name/), 'Asha Rao');
  await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

describe('sign-up password policy', () => {
  it('refuses "password" by the field, focused, without calling the identity service', async () => {
    await submit('password');
    const field = screen.getByLabelText(/^Password/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText(
        'Your password needs an upper case letter, a number and a symbol (such as ! or #).',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(loadAuthActions).not.toHaveBeenCalled();
  });

  it('clears the message once the password passes, and then signs up', async () => {
    const user = await submit('password');
    const field = screen.getByLabelText(/^Password/);
    await user.clear(field);
    await user.type(field, 'Passw0rd!');
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(signUpWithPassword).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'asha@example.com', password: 'Passw0rd!' }),
    );
  });

  it.each([
    ['Ab1!', 'Your password needs at least 8 characters.'],
    ['PASSWORD1!', 'Your password needs a lower case letter.'],
    ['Password!', 'Your password needs a number.'],
    ['Password1', 'Your password needs a symbol (such as ! or #).'],
    ['Passw0rd!', null],
    ['Pass word1', null],
  ])('%s → %s', (password, message) => {
    expect(passwordPolicyMessage(password)).toBe(message);
  });
});
