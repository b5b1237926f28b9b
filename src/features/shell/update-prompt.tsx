import { useState } from 'react';
import { dismissUpdate, reloadToUpdate, usePwaState } from '@/lib/pwa';
import buttonClasses from '@/lib/ui/button.module.css';
import classes from './update-prompt.module.css';

/** The prompt-to-reload half of the update flow (see lib/pwa). */
export function UpdatePrompt() {
  const { needRefresh } = usePwaState();
  const [reloading, setReloading] = useState(false);
  if (!needRefresh) return null;
  return (
    <div
      role="alertdialog"
      aria-labelledby="update-title"
      aria-describedby="update-text"
      className={classes.card}
    >
      <p id="update-title" className={classes.title}>
        Update available
      </p>
      <p id="update-text" className={classes.text}>
        A new version of ReferralHub is ready. Reload to use it.
      </p>
      <div className={classes.actions}>
        <button type="button" className={buttonClasses.secondary} onClick={dismissUpdate}>
          Later
        </button>
        <button
          type="button"
          className={buttonClasses.button}
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            void reloadToUpdate();
          }}
        >
          {reloading ? 'Reloading…' : 'Reload'}
        </button>
      </div>
    </div>
  );
}
