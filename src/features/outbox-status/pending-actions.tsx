/**
 * The header's pending-actions indicator and panel (issue 6, "Visible state"): how many of the
 * user's actions are still on this device, and for each its state, attempts and last error, with
 * Retry and Discard. Shown only while there is something to show; the App Badging API carries the
 * count to the installed app's icon where the platform has it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useSession } from '@/lib/auth';
import { actionTitle, OutboxActionButtons, useOutboxActions, type OutboxEntry } from '@/lib/outbox';
import classes from './pending-actions.module.css';

function stateText(action: OutboxEntry): string {
  if (action.state === 'failed') return 'Failed';
  if (action.state === 'sending') return 'Sending…';
  return action.attempts > 0 || action.lastError ? 'Waiting to retry' : 'Waiting to send';
}

/** A refused action is not "waiting" (issue 26 item 3): the heading says what the list holds. */
export function panelHeading(total: number, failed: number): string {
  if (failed === 0) return 'Waiting to reach the server';
  return failed === total ? 'Not accepted by the server' : 'Pending and refused actions';
}

function panelHint(total: number, failed: number): string {
  const waiting =
    'These are saved on this device and are sent by themselves when there is a connection.';
  const refused = 'The server refused what is marked Failed: retry it, or discard it.';
  if (failed === 0) return waiting;
  return failed === total ? refused : `${waiting} ${refused}`;
}

function useAppBadge(count: number) {
  useEffect(() => {
    const nav = navigator as Navigator & {
      setAppBadge?: (n?: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    if (count > 0) void nav.setAppBadge?.(count).catch(() => undefined);
    else void nav.clearAppBadge?.().catch(() => undefined);
  }, [count]);
}

export default function PendingActions() {
  const session = useSession();
  const actions = useOutboxActions(session?.sub);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  useAppBadge(actions.length);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (actions.length === 0) return null;
  const failed = actions.filter((a) => a.state === 'failed').length;
  const label = `${actions.length} pending ${actions.length === 1 ? 'action' : 'actions'}${failed ? `, ${failed} failed` : ''}`;
  return (
    <div className={classes.root} ref={root}>
      <button
        type="button"
        className={classes.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        data-testid="pending-actions"
        data-failed={failed > 0}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <path
            fill="currentColor"
            d="M12 4a8 8 0 1 0 8 8h-2a6 6 0 1 1-6-6V4Zm1 3h-2v6l5 3 1-1.7-4-2.3V7Z"
          />
        </svg>
        <span className={classes.count}>{actions.length}</span>
      </button>
      {open && (
        <section id={panelId} className={classes.panel} aria-label="Pending actions">
          <h2 className={classes.heading}>{panelHeading(actions.length, failed)}</h2>
          <p className={classes.hint}>{panelHint(actions.length, failed)}</p>
          <ul className={classes.list}>
            {actions.map((action) => (
              <li key={action.seq} className={classes.item} data-state={action.state}>
                <div className={classes.title}>{actionTitle(action)}</div>
                <div className={classes.meta}>
                  {stateText(action)}
                  {action.attempts > 0 &&
                    ` · ${action.attempts} ${action.attempts === 1 ? 'attempt' : 'attempts'}`}
                </div>
                {action.lastError && <div className={classes.error}>{action.lastError}</div>}
                <OutboxActionButtons action={action} className={classes.actions} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
