import { useCallback, useSyncExternalStore } from 'react';

/** One list per query, kept: a render reads `matches` rather than asking the browser again. */
const lists = new Map<string, MediaQueryList>();

function listOf(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/**
 * Whether a media query matches, following it as the window changes (a phone turned, a window
 * resized). Read during the render, so the first one already has the answer: no flash of the
 * other layout.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listOf(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => listOf(query).matches);
}
