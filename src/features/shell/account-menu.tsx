import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { avatarRoleLine } from '@/domain/roles';
import { QueryGate } from '@/lib/query-gate';
import type { SessionSummary } from '@/lib/auth';
import {
  openOfferCount,
  referralBalanceQuery,
  refereeOffersQuery,
  refereeProfileQuery,
} from '@/lib/referrals';
import { accountSummary } from './account-summary';
import { Avatar } from './avatar';
import { useCurrentHref, useLogout } from './use-account';
import { useSessionWatch } from './use-session-watch';
import classes from './account-menu.module.css';

/**
 * The account as the header shows it, with the referral count read from the server's balance
 * route (spec §2 referral count / "Referrals Left"; issue 16) for users who have a counter. The
 * answer is persisted, so the count shows offline too.
 */
function useAccount(session: SessionSummary) {
  const counted = avatarRoleLine(session).kind === 'referrals';
  const balance = useQuery({ ...referralBalanceQuery(session.sub), enabled: counted });
  return accountSummary(session, counted ? balance.data?.balance : null);
}

/**
 * Requests waiting for this user's answer as a referee (issue 17), or null for users who are
 * not verified referees (no inbox link). Both answers are persisted, so it shows offline too.
 */
function useRefereeCount(session: SessionSummary, enabled: boolean): number | null {
  const profile = useQuery({ ...refereeProfileQuery(session.sub), enabled });
  const referee = enabled && profile.data?.status === 'verified';
  const offers = useQuery({ ...refereeOffersQuery(session.sub), enabled: referee });
  return referee ? openOfferCount(offers.data) : null;
}

function RefereeLink(props: {
  count: number;
  className: string | undefined;
  role?: 'menuitem';
  onClick?: () => void;
}) {
  const { count, className, role, onClick } = props;
  return (
    <Link
      role={role}
      tabIndex={role ? -1 : undefined}
      className={className}
      to="/v1/employee/profile"
      onClick={onClick}
      data-testid="referee-requests-link"
    >
      Referral requests
      {count > 0 && (
        <span className={classes.countBadge} aria-label={`, ${count} waiting`}>
          {count}
        </span>
      )}
    </Link>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

/**
 * The avatar dropdown of the signed-in header (spec §2): the name and the role line, a
 * "Personal" group (Edit Profile, Dashboard, and Saved jobs for candidates: issue 8) and an
 * "Actions" group (Change password for users with a password: issue 4; Passkeys: issue 27;
 * Logout).
 *
 * WAI-ARIA menu button: Enter, Space or ArrowDown open it on the first item, ArrowUp on the
 * last; arrows move (wrapping), Home/End jump; Escape closes it and returns focus to the avatar;
 * Tab, a click outside or choosing an item closes it.
 */
export function AccountMenu({ session }: { session: SessionSummary }) {
  useSessionWatch(session.sub);
  const account = useAccount(session);
  const refereeCount = useRefereeCount(session, account.canEditProfile);
  const href = useCurrentHref();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // Which item gets focus once the menu is open: first, last, or none (opened by mouse).
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const personalId = useId();
  const actionsId = useId();

  useEffect(() => {
    if (!open) return;
    const items = menuItems(menuRef.current);
    if (focusOnOpen.current === 'first') items[0]?.focus();
    if (focusOnOpen.current === 'last') items.at(-1)?.focus();
    focusOnOpen.current = null;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openWith = (focus: 'first' | 'last' | null) => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  // What every link of the menu is: an item the arrow keys move between, closing it when chosen.
  const menuItem = {
    role: 'menuitem',
    tabIndex: -1,
    className: classes.item,
    onClick: () => close(false),
  } as const;

  const onButtonKeyDown = (event: KeyboardEvent) => {
    const first = event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ';
    if (!first && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) return openWith(first ? 'first' : 'last');
    const items = menuItems(menuRef.current);
    (first ? items[0] : items.at(-1))?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Tab') close(false);
  };

  return (
    // Escape closes from the avatar button too, not only from inside the menu.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={rootRef}
      className={classes.root}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.preventDefault();
        close(true);
      }}
    >
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={classes.trigger}
        aria-label={`Account menu for ${account.name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openWith(null))}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar account={account} />
      </button>
      <div className={classes.popup} hidden={!open}>
        <div className={classes.who}>
          <p className={classes.name}>{account.name}</p>
          <p className={classes.roleLine} data-testid="role-line">
            {account.roleLine}
          </p>
          {account.referralsLeft !== null && (
            <Link
              className={classes.plusReferrals}
              to="/v1/candidate/subscription"
              onClick={() => close(false)}
            >
              + Referrals
            </Link>
          )}
        </div>
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
        >
          <div role="group" aria-labelledby={personalId}>
            <div id={personalId} role="presentation" className={classes.groupLabel}>
              Personal
            </div>
            {account.canEditProfile && (
              <Link {...menuItem} to="/v1/candidate/profile" search={{ returnUrl: href }}>
                Edit Profile
              </Link>
            )}
            <Link {...menuItem} to={account.dashboard}>
              Dashboard
            </Link>
            {account.canEditProfile && (
              <Link {...menuItem} to="/saved-jobs">
                Saved jobs
              </Link>
            )}
            {account.canEditProfile && (
              <Link {...menuItem} to="/v1/candidate/referrals">
                My referrals
              </Link>
            )}
            {refereeCount !== null && (
              <RefereeLink
                role="menuitem"
                className={classes.item}
                count={refereeCount}
                onClick={() => close(false)}
              />
            )}
          </div>
          <div role="separator" className={classes.separator} />
          <div role="group" aria-labelledby={actionsId}>
            <div id={actionsId} role="presentation" className={classes.groupLabel}>
              Actions
            </div>
            {account.canChangePassword && (
              <Link {...menuItem} to="/auth/change-password">
                Change password
              </Link>
            )}
            <Link {...menuItem} to="/auth/passkeys">
              Passkeys
            </Link>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={classes.item}
              onClick={() => {
                close(false);
                void logout();
              }}
            >
              Logout
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * The signed-in part of the mobile menu (spec §2: a collapsible menu showing "Referrals Left"):
 * who is signed in, the referral count for users who have one, then the same actions.
 */
export function MobileAccount({ session }: { session: SessionSummary }) {
  const account = useAccount(session);
  const refereeCount = useRefereeCount(session, account.canEditProfile);
  const href = useCurrentHref();
  const logout = useLogout();
  return (
    <div className={classes.mobile}>
      <div className={classes.mobileWho}>
        <Avatar account={account} />
        <div>
          <p className={classes.name}>{account.name}</p>
          {account.referralsLeft === null && <p className={classes.roleLine}>{account.roleLine}</p>}
        </div>
      </div>
      {account.referralsLeft !== null && (
        <div className={classes.referrals}>
          <p data-testid="referrals-left">
            Referrals Left <strong>{account.referralsLeft}</strong>
          </p>
          <Link to="/v1/candidate/subscription" className={classes.plusReferrals}>
            + Referrals
          </Link>
        </div>
      )}
      {account.canEditProfile && (
        <Link
          to="/v1/candidate/profile"
          search={{ returnUrl: href }}
          className={classes.mobileLink}
        >
          Edit Profile
        </Link>
      )}
      <Link to={account.dashboard} className={classes.mobileLink}>
        Dashboard
      </Link>
      {account.canEditProfile && (
        <Link to="/saved-jobs" className={classes.mobileLink}>
          Saved jobs
        </Link>
      )}
      {account.canEditProfile && (
        <Link to="/v1/candidate/referrals" className={classes.mobileLink}>
          My referrals
        </Link>
      )}
      {refereeCount !== null && <RefereeLink className={classes.mobileLink} count={refereeCount} />}
      {account.canChangePassword && (
        <Link to="/auth/change-password" className={classes.mobileLink}>
          Change password
        </Link>
      )}
      <Link to="/auth/passkeys" className={classes.mobileLink}>
        Passkeys
      </Link>
      <button type="button" className={classes.mobileLink} onClick={() => void logout()}>
        Logout
      </button>
    </div>
  );
}

/**
 * The lazily loaded entry point of the header's signed-in parts: the bar or the mobile menu.
 * They read queries (the balance, the referee's offers): on `/`, which reads none, TanStack
 * Query's client loads here (the place stays empty meanwhile, as while this chunk loads).
 */
export default function SignedInAccount({
  session,
  place,
}: {
  session: SessionSummary;
  place: 'bar' | 'mobile';
}) {
  return (
    <QueryGate>
      {place === 'bar' ? <AccountMenu session={session} /> : <MobileAccount session={session} />}
    </QueryGate>
  );
}
