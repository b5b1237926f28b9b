import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSession } from '@/lib/auth';
import { afterFirstScreen } from '@/lib/first-screen-shown';
import { useScrolledPast } from '@/lib/ui/use-scrolled-past';
import { LinkButton } from '@/lib/ui/link-button';
import { Logo } from './logo';
import { NavDropdown } from './nav-dropdown';
import { candidateMenu, topLinks } from './nav-links';
import classes from './header.module.css';

// The signed-in parts load only when someone is signed in: a signed-out visitor's first load
// carries none of them (first-load budget of `/`, docs/decisions.md). On a page load they wait
// for the page's first screen (issue 24): their six chunks took all six of HTTP/1.1's
// connections just as a signed-in listing asked for its jobs, which waited ~0.4 s on slow 3G.
const SignedInAccount = lazy(() => afterFirstScreen(() => import('./account-menu')));

/** spec §2/§9: the header becomes a floating rounded bar after scrolling more than 50px. */
export const HEADER_FLOAT_THRESHOLD_PX = 50;

/** spec §2 "Header and footer", signed-out form: logo → home; the menus For Candidate (Jobs,
 * Request Referral, Request Guidance), For Employee, For Corporate and About Us; Login,
 * "Sign-up for free" and "For Employers"; a collapsible menu on mobile. Plain elements, no
 * Mantine: the shell is on every first load. Past 50 px of scroll it floats (data-floating).
 * Signed in (spec §2), the avatar and its dropdown replace the three calls to action, and the
 * mobile menu shows the account with "Referrals Left". */
export function Header({ extras }: { readonly extras?: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const session = useSession();
  // The mobile menu is open for the page it was opened on: any navigation closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const mobileOpen = openOnPath === pathname;
  const floating = useScrolledPast(HEADER_FLOAT_THRESHOLD_PX);
  const burger = useRef<HTMLButtonElement>(null);
  // Issue 26 item 8: Escape closes the open mobile menu, and focus returns to its button.
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOnPath(null);
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  return (
    <header className={classes.header} data-floating={floating}>
      <div className={classes.bar}>
        <Link to="/" className={classes.logo} aria-label="ReferralHub home">
          <Logo />
        </Link>

        <nav aria-label="Main" className={classes.desktopNav}>
          <NavDropdown group={candidateMenu} />
          {topLinks.map((link) => (
            <Link key={link.label} to={link.to} className={classes.navItem} preload="intent">
              {link.label}
            </Link>
          ))}
        </nav>

        <div className={classes.actions}>
          {session ? (
            <Suspense fallback={<span className={classes.avatarSlot} />}>
              <SignedInAccount session={session} place="bar" />
            </Suspense>
          ) : (
            <>
              <LinkButton to="/auth/login" variant="subtle" size="sm">
                Login
              </LinkButton>
              <LinkButton to="/auth/signup" size="sm">
                Sign-up for free
              </LinkButton>
              <LinkButton to="/auth/corporate/login" variant="outline" size="sm">
                For Employers
              </LinkButton>
            </>
          )}
        </div>

        {/* Signed-in extras from the root route (the pending-actions indicator, lazily loaded). */}
        {session && extras && <Suspense fallback={null}>{extras}</Suspense>}

        <button
          ref={burger}
          type="button"
          className={classes.burger}
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => setOpenOnPath(mobileOpen ? null : pathname)}
        >
          <span className={classes.burgerLines} data-open={mobileOpen} aria-hidden="true" />
        </button>
      </div>

      <nav id="mobile-menu" aria-label="Mobile" className={classes.mobileMenu} hidden={!mobileOpen}>
        <p className={classes.mobileGroupLabel}>{candidateMenu.label}</p>
        {candidateMenu.links.map((link) => (
          <Link key={link.label} to={link.to} className={classes.mobileLink}>
            {link.label}
          </Link>
        ))}
        {topLinks.map((link) => (
          <Link key={link.label} to={link.to} className={classes.mobileLink}>
            {link.label}
          </Link>
        ))}
        {session ? (
          <Suspense fallback={null}>
            <SignedInAccount session={session} place="mobile" />
          </Suspense>
        ) : (
          <div className={classes.mobileActions}>
            <LinkButton to="/auth/login" variant="light">
              Login
            </LinkButton>
            <LinkButton to="/auth/signup">Sign-up for free</LinkButton>
            <LinkButton to="/auth/corporate/login" variant="outline">
              For Employers
            </LinkButton>
          </div>
        )}
      </nav>
    </header>
  );
}
