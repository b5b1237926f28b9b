import { useEffect, useState } from 'react';

/**
 * True once the window is scrolled more than `threshold` px (checked once per frame at most).
 * The first check waits for a frame too: reading `scrollY` while the page is still being built
 * makes the browser lay it out there and then, and again once the rest of the page is in (the
 * header mounts first on every load: ~30 ms of a slowed phone core's start-up; issue 24).
 */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(window.scrollY > threshold);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return past;
}
