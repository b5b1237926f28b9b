import { useState } from 'react';
import { useSession } from '@/lib/auth';
import { showToast } from '@/lib/toast';
import { disableJobAlerts, enableJobAlerts, useAlertsState } from './job-alerts';
import classes from './push.module.css';

/** The settings toggle for job alerts (issue 8), on the Saved jobs screen. */
export function JobAlertsToggle() {
  const state = useAlertsState();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const hint =
    state === 'unsupported'
      ? 'This browser cannot show notifications from websites.'
      : state === 'denied'
        ? 'Notifications are blocked for this site in your browser settings.'
        : !session
          ? 'Sign in to get alerts on this device.'
          : 'A notification when a saved job closes or changes, or an application moves on.';
  const disabled = busy || state === 'unsupported' || state === 'denied' || !session;
  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) await enableJobAlerts();
      else await disableJobAlerts();
    } catch {
      showToast('Could not change alerts. Check your connection and try again.', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={classes.toggle}>
      <label className={classes.toggleLabel}>
        <input
          type="checkbox"
          role="switch"
          checked={state === 'on'}
          disabled={disabled}
          aria-describedby="alerts-hint"
          onChange={(event) => void toggle(event.target.checked)}
        />
        Job alerts
      </label>
      <p id="alerts-hint" className={classes.hint}>
        {hint}
      </p>
    </div>
  );
}
