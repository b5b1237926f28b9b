import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, useAutosave } from '@/lib/autosave';

afterEach(() => {
  vi.useRealTimers();
  delete (document as { visibilityState?: unknown }).visibilityState;
});

function setup() {
  vi.useFakeTimers();
  const write = vi.fn<(value: string) => void>();
  const hook = renderHook(() => useAutosave(write));
  return { write, hook, autosave: () => hook.result.current };
}

describe('useAutosave', () => {
  it('writes the newest value once typing pauses', () => {
    const { write, autosave } = setup();
    act(() => autosave().schedule('a'));
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    act(() => autosave().schedule('ab'));
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    expect(write).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(write.mock.calls).toEqual([['ab']]);
  });

  it('writes at once when the page is hidden or unloaded, and when the screen closes', () => {
    const { write, hook, autosave } = setup();
    act(() => autosave().schedule('sent to the background'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(write.mock.calls).toEqual([['sent to the background']]);

    act(() => autosave().schedule('tab closed'));
    window.dispatchEvent(new Event('pagehide'));
    act(() => autosave().schedule('screen left'));
    hook.unmount();
    expect(write.mock.calls.slice(1)).toEqual([['tab closed'], ['screen left']]);
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 2);
    expect(write).toHaveBeenCalledTimes(3); // nothing written twice
  });

  it('flush writes now; cancel drops what was scheduled', () => {
    const { write, autosave } = setup();
    act(() => autosave().flush());
    expect(write).not.toHaveBeenCalled(); // nothing scheduled, nothing written
    act(() => autosave().schedule('blurred'));
    act(() => autosave().flush());
    act(() => autosave().schedule('saved another way'));
    act(() => autosave().cancel());
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 2);
    expect(write.mock.calls).toEqual([['blurred']]);
  });
});
