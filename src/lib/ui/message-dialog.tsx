/**
 * A modal message with a title, a text and buttons: the dialogs of spec §8 (Application
 * Submitted, Already submitted, Profile Incomplete, …). A native <dialog> opened with
 * showModal(): focus moves in and stays in, Escape closes, the page behind is inert. Plain
 * React + CSS module, so pages without Mantine can show it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import classes from './message-dialog.module.css';

export interface MessageDialogProps {
  readonly title: string;
  readonly children: ReactNode;
  /** The buttons (or links); the first one gets the focus. */
  readonly actions: ReactNode;
  /** Escape or a button that dismisses. */
  readonly onClose: () => void;
  readonly testId?: string;
}

export function MessageDialog({ title, children, actions, onClose, testId }: MessageDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = ref.current;
    if (element && !element.open && typeof element.showModal === 'function') element.showModal();
    return () => {
      if (element?.open) element.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className={classes.title}>
        {title}
      </h2>
      <div id={textId} className={classes.text}>
        {children}
      </div>
      <div className={classes.actions}>{actions}</div>
    </dialog>
  );
}
