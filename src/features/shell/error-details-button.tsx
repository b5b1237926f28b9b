import { useState } from 'react';
import classes from './error-details-button.module.css';

/**
 * spec §8: "A fixed corner button reveals the fetch error message." Plain elements and a
 * stylesheet of its own on purpose: it must render even when the theme or providers are what
 * failed. Its styles are in the entry's stylesheet (loaded before the app renders anything),
 * not inline: script is the first visit's scarcest budget (issue 24).
 */
export function ErrorDetailsButton({ error }: { error: unknown }) {
  const [open, setOpen] = useState(false);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className={classes.corner}>
      {open && (
        <pre role="note" aria-label="Error message" className={classes.message}>
          {message || 'No error message was given.'}
        </pre>
      )}
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        className={classes.toggle}
      >
        {open ? 'Hide error details' : 'Show error details'}
      </button>
    </div>
  );
}
