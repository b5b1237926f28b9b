import { useEffect, useState } from 'react';
import { ageText } from './age-text';
import classes from './listing-messages.module.css';

const JOB_HINT =
  'Try other search words, remove a filter or choose a wider salary or experience range.';

interface EmptyStateProps {
  readonly title: string;
  readonly offline?: boolean;
  /** The mode's hint; job mode's by default. */
  readonly hint?: string;
}

/** spec §2: the empty state with hints to adjust the filters. */
export function EmptyState({ title, offline, hint = JOB_HINT }: EmptyStateProps) {
  return (
    <div className={classes.message} role="status">
      <h2>{title}</h2>
      <p>{hint}</p>
      {offline && <p>You are offline: only results saved on this device can be searched.</p>}
    </div>
  );
}

/** spec §2 / §8: a load failure. */
export function LoadError() {
  return (
    <div className={classes.message} role="alert">
      <h2>Something went wrong</h2>
      <p>We could not load the results. Please try again in a moment.</p>
    </div>
  );
}

/**
 * How long saved results show without a note while fresh ones are on their way (issue 24): a
 * repeat visit shows the saved first screen at once, and on a good connection the fresh page
 * replaces it within a moment; a note that flashed up and went would also shift the cards twice.
 */
export const REFRESH_NOTE_DELAY_MS = 1000;

/**
 * The cache is showing instead of fresh results: say so, and how old they are. At once when
 * nothing is being checked (offline); after REFRESH_NOTE_DELAY_MS while a refresh is under way.
 */
export function CachedBanner({ at, refreshing }: { at?: number; refreshing: boolean }) {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!refreshing) return undefined;
    const timer = setTimeout(() => setWaited(true), REFRESH_NOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [refreshing]);
  if (refreshing && !waited) return null;
  return (
    <p className={classes.banner} role="status" data-testid="cached-banner">
      Showing saved results{at ? ` from ${ageText(at)}` : ''}.{' '}
      {refreshing ? 'Checking for new results…' : 'They will refresh when you are back online.'}
    </p>
  );
}

/** spec §2: nothing more to load. */
export function DeadEnd() {
  return (
    <p className={classes.deadEnd}>
      Looks like we hit a dead end! There are no more jobs here. Try changing the filters to see
      more.
    </p>
  );
}
