/**
 * Web Push in the service worker (issue 8). Imported for its side effects by sw.ts.
 *
 * - `push`: shows the server's message (server/push/push-sender.ts `PushMessage`: title, body,
 *   the in-app url, the job id, the company logo as icon) with a "View job" action, and fetches
 *   the job into Dexie at the same time, so the notification opens the job even if the phone is
 *   offline by the time it is tapped.
 * - `notificationclick`: focuses a window already showing the job, else brings an open window of
 *   the app to the job, else opens a new one at the job's deep link.
 */
/// <reference lib="webworker" />
import { config } from '../src/lib/config';
import { getDb } from '../src/lib/db/instance';
import { jobSearchText } from '../src/lib/db/search-text';
import type { JobRecord } from '../src/lib/db/types';

declare const self: ServiceWorkerGlobalScope;

export interface PushView {
  title: string;
  body: string;
  url: string;
  jobId?: string;
  icon?: string;
  tag?: string;
}

const APP_ICON = '/icons/icon-192.png';

/** Only paths of this app: a message can never send the user to another site. */
function inAppPath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
    ? value
    : '/saved-jobs';
}

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

export function pushViewOf(data: unknown): PushView {
  const message =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return {
    title: text(message.title, 'ReferralHub').slice(0, 120) || 'ReferralHub',
    body: text(message.body).slice(0, 400),
    url: inAppPath(message.url),
    jobId: typeof message.jobId === 'string' ? message.jobId : undefined,
    icon: text(message.icon) || undefined,
    tag: text(message.tag) || undefined,
  };
}

function readPushData(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    return { body: event.data?.text() };
  }
}

/** The job row as the app caches it (lib/db upsertJobs), so the detail page opens offline. */
async function prefetchJob(jobId: string): Promise<void> {
  const response = await fetch(`${config.jobsApiUrl}/job/${encodeURIComponent(jobId)}`);
  if (!response.ok) return;
  const body = (await response.json()) as { data?: Partial<JobRecord> };
  const job = body.data;
  if (typeof job?.id !== 'string' || typeof job.jobTitle !== 'string') return;
  if (typeof job.companyName !== 'string' || typeof job.createdAt !== 'string') return;
  const row = job as JobRecord;
  await getDb().jobs.put({ ...row, cachedAt: Date.now(), searchText: jobSearchText(row) });
}

self.addEventListener('push', (event: PushEvent) => {
  const view = pushViewOf(readPushData(event));
  const options: NotificationOptions & { actions?: { action: string; title: string }[] } = {
    body: view.body,
    icon: view.icon ?? APP_ICON,
    badge: APP_ICON,
    tag: view.tag,
    data: { url: view.url, jobId: view.jobId },
    actions: [{ action: 'view', title: 'View job' }],
  };
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(view.title, options),
      view.jobId ? prefetchJob(view.jobId).catch(() => undefined) : undefined,
    ]),
  );
});

async function openJob(path: string): Promise<void> {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const showing = windows.find((client) => client.url === target);
  if (showing) {
    await showing.focus().catch(() => undefined);
    return;
  }
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  // navigate() works on a window this worker controls; otherwise a new window opens.
  const navigated = open ? await open.navigate(target).catch(() => null) : null;
  if (navigated) {
    await navigated.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openJob(inAppPath(data?.url)));
});
