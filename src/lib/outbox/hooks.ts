/**
 * React views of the outbox. They read IndexedDB live (Dexie live queries also hear writes made
 * by the service worker and other tabs) and re-read on the outbox channel's news, so the header
 * count, the Apply button and the panel change the moment an action does.
 */
import { useEffect, useReducer, useRef } from 'react';
import { getDb } from '../db/instance';
import { useDbQuery } from '../db/hooks';
import type { LocalApplication, OutboxEntry } from '../db/types';
import { subscribe } from './channel';
import { isApplicationKind } from './kinds';
import type { OutboxEvent } from './model';

/** Calls `listener` for every outbox event while mounted (latest listener, no re-subscribe). */
export function useOutboxEvents(listener: (event: OutboxEvent) => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribe((event) => latest.current(event)), []);
}

function useChannelTick(): number {
  const [tick, bump] = useReducer((n: number) => n + 1, 0);
  useOutboxEvents((event) => {
    if (event.type === 'changed') bump();
  });
  return tick;
}

/** The user's actions not yet delivered (pending, sending or failed), oldest first. */
export function useOutboxActions(userId: string | null | undefined): OutboxEntry[] {
  const tick = useChannelTick();
  return (
    useDbQuery(
      async () =>
        userId
          ? (
              await getDb()
                .outbox.where('state')
                .anyOf('pending', 'sending', 'failed')
                .sortBy('seq')
            ).filter((a) => a.userId === userId)
          : [],
      [userId, tick],
    ) ?? []
  );
}

export interface ApplyState {
  /** The queued apply for this job, if one is not delivered yet. */
  readonly action: OutboxEntry | null;
  /** The application this device knows the server has. */
  readonly application: LocalApplication | null;
  /** False until IndexedDB has answered (avoid flashing a wrong button). */
  readonly loaded: boolean;
}

export function useApplyState(userId: string | null | undefined, jobId: string): ApplyState {
  const tick = useChannelTick();
  const state = useDbQuery(async () => {
    if (!userId) return { action: null, application: null, loaded: true };
    const db = getDb();
    const [actions, application] = await Promise.all([
      db.outbox
        .where('subject')
        .equals(jobId)
        .filter(
          (a) =>
            a.userId === userId &&
            isApplicationKind(a.kind) &&
            a.state !== 'done' &&
            a.state !== 'discarded',
        )
        .sortBy('seq'),
      db.applications.get([userId, jobId]),
    ]);
    return { action: actions.at(-1) ?? null, application: application ?? null, loaded: true };
  }, [userId, jobId, tick]);
  return state ?? { action: null, application: null, loaded: false };
}
