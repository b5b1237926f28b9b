import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrolledPast } from '@/lib/ui/use-scrolled-past';

/** A window scrolled to `y`, counting how often the page asks where it is. */
function scrolledTo(y: number) {
  const read = vi.fn(() => y);
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(read);
  return read;
}

const nextFrame = () => act(() => new Promise<void>((done) => requestAnimationFrame(() => done())));

describe('useScrolledPast', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is false at the top and true past the threshold, read a frame after mounting', async () => {
    const read = scrolledTo(120);
    const { result } = renderHook(() => useScrolledPast(50));
    // Not while the page is being built: that read would lay the page out twice (issue 24).
    expect(read).not.toHaveBeenCalled();
    expect(result.current).toBe(false);
    await nextFrame();
    expect(result.current).toBe(true);
  });

  it('follows scrolling once per frame', async () => {
    let y = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
    const { result } = renderHook(() => useScrolledPast(50));
    await nextFrame();
    expect(result.current).toBe(false);
    y = 80;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await nextFrame();
    expect(result.current).toBe(true);
    y = 10;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await nextFrame();
    expect(result.current).toBe(false);
  });
});
