/**
 * "Log in to …" on the screens that need an account (guidance, My referrals, referral credits):
 * the link opens the login screen and keeps the screen the visitor was on, to come back to it.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { takeContinuationUrl } from '@/lib/continuation';
import { SignInPrompt } from '@/lib/ui/sign-in-prompt';
import { renderReferralScreen } from './referrals/render';

afterEach(() => {
  takeContinuationUrl();
  window.history.replaceState(null, '', '/');
});

describe('SignInPrompt', () => {
  it('says what logging in is for, opens the login and comes back to this screen', async () => {
    window.history.replaceState(null, '', '/v1/candidate/subscription');
    const { router } = await renderReferralScreen(
      () => <SignInPrompt what="to buy referral credits." />,
      { path: '/v1/candidate/subscription' },
    );
    expect(screen.getByTestId('sign-in-prompt')).toHaveTextContent(
      'Log in to buy referral credits.',
    );

    await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(takeContinuationUrl()).toBe('/v1/candidate/subscription');
  });
});
