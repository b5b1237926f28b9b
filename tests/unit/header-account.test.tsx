/**
 * The signed-in header (spec §2): avatar (image, else first letter, else icon), the dropdown with
 * the name, the role line, Personal (Edit Profile, Dashboard) and Actions (Logout), keyboard
 * operable; the mobile menu with "Referrals Left". Amplify is replaced by a fake sign-out.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession, type SessionSummary } from '@/lib/auth';
import { renderApp } from './render-app';

const signOutEverywhere = vi.fn(() => {
  setSession(null);
  return Promise.resolve();
});
vi.mock('@/lib/auth/amplify-session', () => ({
  signOutEverywhere,
  refreshTokens: () => Promise.resolve('refreshed'),
  refreshSessionSummary: () => Promise.resolve(null),
  signOutLocally: () => Promise.resolve(),
}));

const candidate: SessionSummary = {
  sub: 'sub-candidate',
  email: 'candidate@example.com',
  fullName: 'tara Iyer',
  userType: ['general-user'],
  corporateUserType: null,
  lastAccessedDash: 'CAND',
  referralCount: 3,
  profileImageUrl: null,
};

async function openMenuWithKeyboard(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  const trigger = await screen.findByRole('button', { name });
  trigger.focus();
  await user.keyboard('{Enter}');
  return trigger;
}

describe('signed-in header (spec §2)', () => {
  beforeEach(() => {
    localStorage.clear();
    signOutEverywhere.mockClear();
  });

  it('replaces Login and Sign-up with the avatar: the first letter of the name', async () => {
    setSession(candidate);
    await renderApp('/faqs');
    const header = screen.getByRole('banner');
    const trigger = await within(header).findByRole('button', {
      name: 'Account menu for tara Iyer',
    });
    expect(within(trigger).getByTestId('avatar')).toHaveTextContent('T');
    expect(within(header).queryByRole('link', { name: 'Sign-up for free' })).toBeNull();
  });

  it('opens from the keyboard on Edit Profile; arrows move, Escape closes back to the avatar', async () => {
    const user = userEvent.setup();
    setSession(candidate);
    await renderApp('/faqs?tab=x');
    const trigger = await openMenuWithKeyboard(user, /Account menu/);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    const roleLine = screen.getByTestId('role-line');
    expect(roleLine).toHaveTextContent('Referrals Left: 3');
    expect(roleLine.previousElementSibling).toHaveTextContent('tara Iyer');
    expect(within(menu).getByRole('group', { name: 'Personal' })).toBeInTheDocument();
    expect(within(menu).getByRole('group', { name: 'Actions' })).toBeInTheDocument();

    const edit = within(menu).getByRole('menuitem', { name: 'Edit Profile' });
    expect(edit).toHaveFocus();
    // spec §2: Edit Profile carries the current address as returnUrl.
    const href = new URL(edit.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/v1/candidate/profile');
    expect(href.searchParams.get('returnUrl')).toBe('/faqs?tab=x');

    await user.keyboard('{ArrowDown}');
    const dashboard = within(menu).getByRole('menuitem', { name: 'Dashboard' });
    expect(dashboard).toHaveFocus();
    expect(dashboard).toHaveAttribute('href', '/v1/candidate/profile'); // CAND → candidate
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Saved jobs' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const referrals = within(menu).getByRole('menuitem', { name: 'My referrals' });
    expect(referrals).toHaveFocus();
    expect(referrals).toHaveAttribute('href', '/v1/candidate/referrals');
    await user.keyboard('{ArrowDown}');
    const changePassword = within(menu).getByRole('menuitem', { name: 'Change password' });
    expect(changePassword).toHaveFocus();
    expect(changePassword).toHaveAttribute('href', '/auth/change-password');
    await user.keyboard('{ArrowDown}');
    // issue 27: the account's passkeys.
    const passkeys = within(menu).getByRole('menuitem', { name: 'Passkeys' });
    expect(passkeys).toHaveFocus();
    expect(passkeys).toHaveAttribute('href', '/auth/passkeys');
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}'); // wraps
    expect(edit).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('Logout signs out everywhere and goes home, showing Login again', async () => {
    const user = userEvent.setup();
    setSession(candidate);
    const { router } = await renderApp('/faqs');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signOutEverywhere).toHaveBeenCalledTimes(1);
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: 'Login' })[0]).toBeInTheDocument();
  });

  it('corporate users: role line by sub-type, Dashboard to corporate jobs, no Edit Profile', async () => {
    const user = userEvent.setup();
    setSession({
      ...candidate,
      fullName: 'Ravi Rao',
      userType: ['corporate'],
      corporateUserType: 'corporate-recruiter',
      referralCount: null,
    });
    await renderApp('/faqs');
    await openMenuWithKeyboard(user, /Account menu for Ravi Rao/);
    expect(screen.getByTestId('role-line')).toHaveTextContent('Recruiter');
    const menu = screen.getByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Edit Profile' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/v1/corporate/jobs',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Change password' })).toBeInTheDocument();
  });

  it('LinkedIn users have no password of ours: no Change password in either menu', async () => {
    const user = userEvent.setup();
    setSession({ ...candidate, userType: ['linkedin'] });
    await renderApp('/faqs');
    await openMenuWithKeyboard(user, /Account menu/);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Change password' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).queryByRole('link', { name: 'Change password' })).toBeNull();
  });

  it('evaluators see Evaluator; an empty name falls back to User with the generic icon', async () => {
    const user = userEvent.setup();
    setSession({ ...candidate, fullName: ' ', userType: ['evaluator'], referralCount: null });
    await renderApp('/faqs');
    const trigger = await openMenuWithKeyboard(user, /Account menu for User/);
    expect(screen.getByTestId('role-line')).toHaveTextContent('Evaluator');
    expect(within(trigger).getByTestId('avatar').querySelector('svg')).not.toBeNull();
  });

  it('shows the profile image when there is one', async () => {
    setSession({ ...candidate, profileImageUrl: 'https://img.example/p.png' });
    await renderApp('/faqs');
    const trigger = await screen.findByRole('button', { name: /Account menu/ });
    expect(within(trigger).getByTestId('avatar').querySelector('img')).toHaveAttribute(
      'src',
      'https://img.example/p.png',
    );
  });

  it('the mobile menu shows Referrals Left and the account actions', async () => {
    const user = userEvent.setup();
    setSession(candidate);
    await renderApp('/faqs');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(await within(mobile).findByTestId('referrals-left')).toHaveTextContent(
      'Referrals Left 3',
    );
    expect(within(mobile).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(mobile).getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/auth/change-password',
    );
    expect(within(mobile).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(mobile).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('an unknown referral count shows a dash, not 0', async () => {
    const user = userEvent.setup();
    setSession({ ...candidate, referralCount: null });
    await renderApp('/faqs');
    await openMenuWithKeyboard(user, /Account menu/);
    expect(screen.getByTestId('role-line')).toHaveTextContent('Referrals Left: —');
  });

  it('the referral count comes from the balance route, with "+ Referrals" to the subscription page (issue 16)', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/referrals/balance')) {
        return Promise.resolve(
          Response.json({ data: { balance: 7, held: 1, consumed: 2, cost: 1 } }),
        );
      }
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    vi.stubGlobal('fetch', fetchMock);
    try {
      setSession(candidate); // the session still says 3: the server's ledger wins
      await renderApp('/faqs');
      await openMenuWithKeyboard(user, /Account menu/);
      await waitFor(() =>
        expect(screen.getByTestId('role-line')).toHaveTextContent('Referrals Left: 7'),
      );
      expect(screen.getAllByRole('link', { name: '+ Referrals' })[0]).toHaveAttribute(
        'href',
        '/v1/candidate/subscription',
      );
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      const mobile = screen.getByRole('navigation', { name: 'Mobile' });
      expect(within(mobile).getByTestId('referrals-left')).toHaveTextContent('Referrals Left 7');
      expect(within(mobile).getByRole('link', { name: '+ Referrals' })).toHaveAttribute(
        'href',
        '/v1/candidate/subscription',
      );
      expect(within(mobile).getByRole('link', { name: 'My referrals' })).toHaveAttribute(
        'href',
        '/v1/candidate/referrals',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
