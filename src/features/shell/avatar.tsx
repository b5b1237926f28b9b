import { ImageWithFallback } from '@/lib/ui/image-with-fallback';
import type { AccountSummary } from './account-summary';
import classes from './account-menu.module.css';

/** spec §2: the profile image, else the first letter of the full name, else a generic icon. */
export function Avatar({ account }: { account: AccountSummary }) {
  // A broken or expired image link falls back like a missing one.
  return (
    <span className={classes.avatar} aria-hidden="true" data-testid="avatar">
      <ImageWithFallback
        src={account.imageUrl}
        className={classes.avatarImage}
        fallback={
          account.initial ? (
            account.initial
          ) : (
            <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" focusable="false">
              <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
            </svg>
          )
        }
      />
    </span>
  );
}
