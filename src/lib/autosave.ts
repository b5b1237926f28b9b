/**
 * Writes what a user types after a short pause, and at once when the page is hidden (a tab
 * closed, the phone's app switcher), when the screen unmounts, or when the caller asks (a field
 * loses focus): a note or a draft is never kept only in React state, where a reload loses it.
 * Used by the job form's draft (issue 20) and the saved jobs' notes (issue 8).
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/** Long enough to batch a burst of typing, short enough that a crash loses a word or two. */
export const AUTOSAVE_DELAY_MS = 400;

export interface Autosave<T> {
  /** The newest value, written after the pause (a newer one restarts it). */
  readonly schedule: (value: T) => void;
  /** Writes the scheduled value now, if there is one. */
  readonly flush: () => void;
  /** Drops the scheduled value unwritten (it was saved another way). */
  readonly cancel: () => void;
}

/** `write` may change between renders; the one current at the flush is called. */
export function useAutosave<T>(
  write: (value: T) => void,
  delayMs = AUTOSAVE_DELAY_MS,
): Autosave<T> {
  const writeRef = useRef(write);
  useLayoutEffect(() => {
    writeRef.current = write;
  });
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<number | null>(null);

  const cancel = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  const flush = useCallback(() => {
    const next = pending.current;
    cancel();
    if (next) writeRef.current(next.value);
  }, [cancel]);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, delayMs);
    },
    [flush, delayMs],
  );

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  return { schedule, flush, cancel };
}
