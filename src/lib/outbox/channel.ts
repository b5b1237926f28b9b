/**
 * Outbox news for every open tab (design/outbox.md "Telling the UI"): state changes go out on a
 * BroadcastChannel named `outbox`, which reaches every page and the service worker of this
 * origin; listeners in the same context are called directly (a channel does not echo to its
 * sender).
 */
import type { OutboxEvent } from './model';

export const CHANNEL_NAME = 'outbox';

type Listener = (event: OutboxEvent) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
    channel?.addEventListener('message', (message: MessageEvent<unknown>) => {
      const event = message.data as OutboxEvent | null;
      if (event && typeof event === 'object' && typeof event.type === 'string') notify(event);
    });
  }
  return channel;
}

function notify(event: OutboxEvent) {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch {
      // One broken listener must not stop the others from hearing the news.
    }
  }
}

export function publish(event: OutboxEvent) {
  notify(event);
  try {
    getChannel()?.postMessage(event);
  } catch {
    // A closed channel (context shutting down): the next drain reports again.
  }
}

export function subscribe(listener: Listener): () => void {
  getChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const watched = new Map<string, number>();

/**
 * A screen that shows an action's subject (the job page for its job) says so while mounted, so
 * app-wide notices ("Application Submitted" toasts) leave that subject to it.
 */
export function watchSubject(subject: string): () => void {
  watched.set(subject, (watched.get(subject) ?? 0) + 1);
  return () => {
    const count = (watched.get(subject) ?? 1) - 1;
    if (count > 0) watched.set(subject, count);
    else watched.delete(subject);
  };
}

export function isWatched(subject: string): boolean {
  return watched.has(subject);
}
