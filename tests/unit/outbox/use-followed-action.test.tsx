/**
 * The hook a screen follows its own queued action with (a referral request, a booking): "on its
 * way", "waiting for the connection" after a failed try, the screen's own ending from the
 * delivered answer, the server's refusal, a discard from the panel; other actions' news ignored;
 * the app-wide toast kept quiet while the screen follows it.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isWatched, publish } from '@/lib/outbox/channel';
import type { OutboxEntry } from '@/lib/outbox/model';
import { useFollowedAction, type DeliveredEvent } from '@/lib/outbox/use-followed-action';

const SUBJECT = 'referral:job-1';
type Ending = { readonly kind: 'answered'; readonly outcome: string | null };

function follow(attempts = 0) {
  const endings: DeliveredEvent[] = [];
  const hook = renderHook(() =>
    useFollowedAction<Ending>((event) => {
      endings.push(event);
      return { kind: 'answered', outcome: event.outcome ?? null };
    }),
  );
  const action = { seq: 7, attempts } as OutboxEntry;
  act(() => hook.result.current.follow(SUBJECT, { status: 'queued', action }));
  return { hook, endings };
}

const changed = (state: OutboxEntry['state'], more: Partial<DeliveredEvent> = {}) =>
  act(() =>
    publish({ type: 'changed', seq: 7, kind: 'referralRequest', subject: SUBJECT, state, ...more }),
  );

describe('useFollowedAction', () => {
  it('follows its action from on its way, through a failed try, to the screen’s ending', () => {
    const { hook, endings } = follow();
    expect(hook.result.current.phase).toEqual({
      kind: 'sending',
      seq: 7,
      subject: SUBJECT,
      retrying: false,
    });
    expect(hook.result.current.offline).toBe(false);
    expect(isWatched(SUBJECT)).toBe(true);

    changed('pending', { error: 'No connection' });
    expect(hook.result.current.offline).toBe(true);
    changed('sending');
    expect(hook.result.current.offline).toBe(false);

    // Another action's news changes nothing.
    act(() =>
      publish({
        type: 'changed',
        seq: 8,
        kind: 'x',
        subject: 'other',
        state: 'done',
        outcome: 'no',
      }),
    );
    expect(hook.result.current.phase.kind).toBe('sending');

    changed('done', { outcome: 'accepted' });
    expect(hook.result.current.phase).toEqual({ kind: 'answered', outcome: 'accepted' });
    expect(endings).toHaveLength(1);
    expect(isWatched(SUBJECT)).toBe(false);
    // Followed no longer: a later event for the same seq is not a second ending.
    changed('done', { outcome: 'again' });
    expect(endings).toHaveLength(1);
  });

  it('starts as waiting when the queued action had been tried before', () => {
    expect(follow(2).hook.result.current.offline).toBe(true);
  });

  it('shows a refusal with the server’s words, and goes back to idle on a discard', () => {
    const refused = follow();
    changed('failed', { error: 'This job is closed' });
    expect(refused.hook.result.current.phase).toEqual({
      kind: 'failed',
      error: 'This job is closed',
    });
    refused.hook.unmount();

    const discarded = follow();
    changed('discarded');
    expect(discarded.hook.result.current.phase).toEqual({ kind: 'idle' });
    expect(discarded.endings).toEqual([]);
  });

  it('follows nothing when the action cancelled out, and reset forgets the one followed', () => {
    const { result } = renderHook(() =>
      useFollowedAction<Ending>(() => ({ kind: 'answered', outcome: null })),
    );
    act(() => result.current.follow(SUBJECT, { status: 'cancelled' }));
    expect(result.current.phase).toEqual({ kind: 'idle' });

    act(() =>
      result.current.follow(SUBJECT, { status: 'queued', action: { seq: 7 } as OutboxEntry }),
    );
    act(() => result.current.reset());
    changed('done', { outcome: 'accepted' });
    expect(result.current.phase).toEqual({ kind: 'idle' });
  });
});
