import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissAllToasts, toast, Toaster, TOAST_DEFAULTS } from '@/lib/toast';

describe('toast defaults (spec §9)', () => {
  it('auto-closes after 5000 ms, closes on click, pauses on hover, is draggable, pill style', () => {
    expect(TOAST_DEFAULTS).toEqual({
      type: 'default',
      style: 'pill',
      autoClose: 5000,
      closeOnClick: true,
      pauseOnHover: true,
      draggable: true,
    });
  });
});

describe('<Toaster />', () => {
  beforeEach(async () => {
    // The list is lazy-loaded with the first toast; load it up front so timing starts at once.
    await import('@/lib/toast/toast-list');
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => dismissAllToasts());
    vi.useRealTimers();
  });

  async function showAndFind(message: string, options?: Parameters<typeof toast>[1]) {
    render(<Toaster />);
    // An async act flushes the (already loaded) lazy list, with the clock still frozen.
    await act(async () => {
      toast(message, options);
      await Promise.resolve();
    });
    return screen.getByText(message).closest('li') as HTMLElement;
  }

  it('shows a toast in the notifications region and removes it after 5000 ms', async () => {
    const item = await showAndFind('CV uploaded successfully');
    expect(screen.getByRole('region', { name: 'Notifications' })).toContainElement(item);
    expect(item).toHaveAttribute('data-style', 'pill');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByText('CV uploaded successfully')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('CV uploaded successfully')).not.toBeInTheDocument();
  });

  it('pauses while hovered and resumes with the time left', async () => {
    const item = await showAndFind('Applying...');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    fireEvent.mouseEnter(item);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByText('Applying...')).toBeInTheDocument();
    fireEvent.mouseLeave(item);
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByText('Applying...')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Applying...')).not.toBeInTheDocument();
  });

  it('closes on click and by its Close button', async () => {
    const first = await showAndFind('First');
    fireEvent.click(first);
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    act(() => {
      toast('Second');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('is dismissed by dragging it sideways', async () => {
    const item = await showAndFind('Drag me');
    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 220, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 220, pointerId: 1 });
    expect(screen.queryByText('Drag me')).not.toBeInTheDocument();
  });

  it('makes errors alerts, coloured by type, and supports the glass style', async () => {
    const item = await showAndFind('Failed to submit application', {
      type: 'error',
      style: 'glass',
    });
    expect(item).toHaveAttribute('role', 'alert');
    expect(item).toHaveAttribute('data-type', 'error');
    expect(item).toHaveAttribute('data-style', 'glass');
  });
});
