import { useConnectivity } from '@/lib/api/use-connectivity';
import classes from './offline-indicator.module.css';

/** Tells the user, without blocking anything, that requests are not reaching the server. */
export function OfflineIndicator() {
  const connectivity = useConnectivity();
  if (connectivity === 'online') return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className={classes.banner}
      data-testid="offline-indicator"
    >
      <strong>You&apos;re offline.</strong> Showing what is saved on this device; anything you do is
      sent when you reconnect.
    </div>
  );
}
