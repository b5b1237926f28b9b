import { useEffect, useRef } from 'react';

/** Calls onVisible when this marker scrolls into view (spec §2: infinite scroll). */
/** `count`: the rows shown; observing again after each page fires once more if still in view. */
export function EndMarker({ onVisible, count }: { onVisible: () => void; count: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [count]);
  return <div ref={ref} data-testid="end-marker" style={{ height: 1 }} />;
}
