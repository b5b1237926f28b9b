import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app';

describe('signed-out header (spec §2)', () => {
  it('shows the logo link home, the four menus and the three calls to action', async () => {
    await renderApp('/faqs');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'ReferralHub home' })).toHaveAttribute(
      'href',
      '/',
    );
    const main = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('button', { name: /For Candidate/ })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'For Employee' })).toHaveAttribute(
      'href',
      '/for-employee',
    );
    expect(within(main).getByRole('link', { name: 'For Corporate' })).toHaveAttribute(
      'href',
      '/corporate',
    );
    expect(within(main).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(within(header).getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(within(header).getAllByRole('link', { name: 'Sign-up for free' })[0]).toHaveAttribute(
      'href',
      '/auth/signup',
    );
    expect(within(header).getAllByRole('link', { name: 'For Employers' })[0]).toHaveAttribute(
      'href',
      '/auth/corporate/login',
    );
  });

  it('opens For Candidate with Jobs, Request Referral and Request Guidance; Escape closes it', async () => {
    const user = userEvent.setup();
    await renderApp('/faqs');
    const toggle = screen.getByRole('button', { name: /For Candidate/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list).toBeVisible();
    const links = within(list as HTMLElement).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Jobs', '/jobs'],
      ['Request Referral', '/referrals'],
      ['Request Guidance', '/guidance'],
    ]);

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('navigates from the menu and closes it', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/faqs');
    const toggle = screen.getByRole('button', { name: /For Candidate/ });
    await user.click(toggle);
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    await user.click(within(list).getByRole('link', { name: 'Request Guidance' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/guidance'));
    expect(screen.getByRole('button', { name: /For Candidate/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('toggles the mobile menu, which closes itself after navigating', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/faqs');
    const burger = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(burger.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(menu).toHaveAttribute('aria-label', 'Mobile');
    expect(menu).not.toBeVisible();

    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();

    await user.click(within(menu).getByRole('link', { name: 'About Us' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

describe('footer (spec §2)', () => {
  it('has find-job and hire-candidate buttons, three link lists and social links', async () => {
    await renderApp('/faqs');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Find a job' })).toHaveAttribute(
      'href',
      '/jobs',
    );
    expect(within(footer).getByRole('link', { name: 'Hire a candidate' })).toHaveAttribute(
      'href',
      '/corporate',
    );
    for (const group of ['Company', 'Candidates', 'Information']) {
      expect(within(footer).getByRole('navigation', { name: group })).toBeInTheDocument();
    }
    expect(within(footer).getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'href',
      '/corporate#corporatePlans',
    );
    const social = within(footer).getByRole('list', { name: /social media/ });
    for (const link of within(social).getAllByRole('link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });
});

describe('routes', () => {
  it('renders the 404 page for an unknown path, with a way home', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/no/such/page');
    expect(
      screen.getByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /Sorry, the page you're looking for doesn't exist. If you think this is a mistake, please/,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go Back Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    '/',
    '/jobs',
    '/jobs/acme_corp/job-42',
    '/referrals',
    '/referrals/acme_corp/COMPANY%23123',
    '/guidance',
    '/guidance/acme/COMPANY%23123',
    '/for-employee',
    '/faq',
    '/terms',
    '/privacy-policy',
    '/contact-us',
    '/about',
    '/corporate',
    '/corporate/connect-with-us',
    '/auth/login',
    '/auth/signup',
    '/auth/corporate/login',
    '/auth/checkRedirection',
    '/auth/change-password',
    '/post-signup-form',
    '/saved-jobs',
    '/v1/corporate/jobs',
    '/v1/admin/ajobs',
    '/v1/candidate/profile',
    '/v1/employee/profile',
    '/v1/candidate/subscription',
  ])('has a page at %s (no 404)', async (path) => {
    await renderApp(path);
    // Mantine pages render after their provider chunk loads: wait for the heading.
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(heading).not.toHaveTextContent('404');
  });

  it.each([
    '/faqs',
    '/blogs',
    '/pricing',
    '/support',
    '/employee/anything',
    '/candidate/x/y',
    '/profile/me',
  ])('shows the under-construction placeholder at %s (spec §2)', async (path) => {
    await renderApp(path);
    expect(screen.getByText('This page is under construction.')).toBeInTheDocument();
  });

  it.each([
    ['/company', '/referrals'],
    ['/contact', '/contact-us'],
  ])('redirects %s to %s', async (from, to) => {
    const { router } = await renderApp(from);
    expect(router.state.location.pathname).toBe(to);
  });
});
