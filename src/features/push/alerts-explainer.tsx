import { useEffect, useState } from 'react';
import { showToast } from '@/lib/toast';
import buttonClasses from '@/lib/ui/button.module.css';
import { enableJobAlerts, markAlertsExplained, shouldExplainAlerts } from './job-alerts';
import classes from './push.module.css';

/**
 * Shown once, right after the first save (issue 8): says what alerts are for before the browser's
 * permission prompt appears, and asks only if the user says yes.
 */
export function AlertsExplainer({ onClose }: { onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const close = () => {
    markAlertsExplained();
    onClose();
  };
  const turnOn = async () => {
    setBusy(true);
    try {
      const state = await enableJobAlerts();
      if (state === 'on') showToast('Alerts are on', { type: 'success' });
      else showToast('Alerts stay off: notifications are blocked for this site.', { type: 'info' });
    } catch {
      showToast('Could not turn on alerts. Try again from the Saved jobs page.', {
        type: 'error',
      });
    } finally {
      close();
    }
  };
  return (
    <section
      role="dialog"
      aria-labelledby="alerts-title"
      aria-describedby="alerts-text"
      className={classes.card}
    >
      <p id="alerts-title" className={classes.title}>
        Get told when a saved job changes?
      </p>
      <p id="alerts-text" className={classes.text}>
        We can send a notification when a job you saved closes or its salary or description changes,
        and when your application moves on. Your browser will ask for permission next. You can turn
        alerts off any time on the Saved jobs page.
      </p>
      <div className={classes.actions}>
        <button type="button" className={buttonClasses.secondary} onClick={close}>
          Not now
        </button>
        <button
          type="button"
          className={buttonClasses.button}
          disabled={busy}
          onClick={() => void turnOn()}
        >
          Turn on alerts
        </button>
      </div>
    </section>
  );
}

/** After the first save: the card when alerts still need explaining, otherwise nothing. */
export function AlertsAfterFirstSave({ onClose }: { onClose: () => void }) {
  const [explain] = useState(shouldExplainAlerts);
  useEffect(() => {
    if (!explain) onClose();
  }, [explain, onClose]);
  return explain ? <AlertsExplainer onClose={onClose} /> : null;
}
