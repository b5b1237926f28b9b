import buttons from '@/lib/ui/button.module.css';
import type { OutboxEntry } from './model';
import { discardOutboxAction, retryOutboxAction } from './page';

/**
 * Retry (or "Send now" while it waits) and Discard for one queued action (design/outbox.md):
 * the pending-actions panel and a screen showing its own failed action use the same buttons.
 * No Retry while the action is being sent; Discard stays, as in the panel.
 */
export function OutboxActionButtons(props: {
  readonly action: OutboxEntry;
  readonly className: string | undefined;
  /** Retry as the screen's main button (a screen showing only this failed action). */
  readonly prominentRetry?: boolean;
}) {
  const { action } = props;
  const seq = action.seq!;
  return (
    <div className={props.className}>
      {action.state !== 'sending' && (
        <button
          type="button"
          className={props.prominentRetry ? buttons.button : buttons.secondary}
          onClick={() => void retryOutboxAction(seq)}
        >
          {action.state === 'failed' ? 'Retry' : 'Send now'}
        </button>
      )}
      <button
        type="button"
        className={buttons.secondary}
        onClick={() => void discardOutboxAction(seq)}
      >
        Discard
      </button>
    </div>
  );
}
