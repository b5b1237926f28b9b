/**
 * Session reminders (issue 19): a push to both sides reminderMinutesBefore a live session starts,
 * as a durable `guidance-reminder` job on the queue (server/queue/job-queue.ts). The job is
 * written by the transaction that confirms or moves the booking (rolled back: no job), with
 * pg-boss `startAfter` set to the reminder time and the dedupe key
 * `guidance-reminder:<booking>:<startsAt>`: a reschedule queues a new key, and the handler sends
 * only when the booking is still confirmed at that same start, so a moved or cancelled session's
 * old reminder does nothing. Safe to run twice: a repeat carries the same push tag and replaces
 * the first on the device.
 */
import { eq } from 'drizzle-orm';
import {
  GuidanceLimits,
  SERVICE_KIND_LABELS,
  type ServiceKind,
} from '../../src/domain/contract/guidance';
import type { Database } from '../db/client';
import { guidanceBookings, users } from '../db/schema';
import type { Notifications } from '../push/notifications';
import type { Executor, JobQueue } from '../queue/job-queue';

export interface ReminderJob {
  bookingId: string;
  startsAt: string;
}

export const GUIDANCE_REMINDER_JOB = { name: 'guidance-reminder' } as const;

export const reminderKey = (job: ReminderJob) =>
  `guidance-reminder:${job.bookingId}:${job.startsAt}`;

/** The queue of the running server (set by register.ts); null without one (no reminders). */
let queue: JobQueue | null = null;

export function useReminderQueue(next: JobQueue | null) {
  queue = next;
}

/** Queues the reminder of a confirmed live booking, in the caller's transaction. */
export async function scheduleReminder(
  executor: Executor,
  booking: { id: string; startsAt: Date | null },
  now: Date,
): Promise<void> {
  if (!queue || !booking.startsAt) return;
  const remindAt = booking.startsAt.getTime() - GuidanceLimits.reminderMinutesBefore * 60_000;
  const job = { bookingId: booking.id, startsAt: booking.startsAt.toISOString() };
  await queue.send(executor, GUIDANCE_REMINDER_JOB, job, {
    key: reminderKey(job),
    startAfterSeconds: Math.max(0, Math.ceil((remindAt - now.getTime()) / 1000)),
  });
}

/** Sends one reminder if the booking is still confirmed at that start; devices reached. */
export async function sendReminder(
  db: Database,
  notifications: Pick<Notifications, 'toUsers'>,
  job: ReminderJob,
): Promise<number> {
  const [booking] = await db
    .select()
    .from(guidanceBookings)
    .where(eq(guidanceBookings.id, job.bookingId))
    .limit(1);
  if (
    !booking ||
    booking.state !== 'confirmed' ||
    booking.startsAt?.toISOString() !== job.startsAt
  ) {
    return 0;
  }
  const subsOf = (id: string) => subOf(db, id);
  const label = SERVICE_KIND_LABELS[booking.kind as ServiceKind] ?? 'Session';
  return notifications.toUsers(
    [await subsOf(booking.candidateId), await subsOf(booking.refereeId)],
    {
      title: `${label} in 1 hour`,
      body: 'Your session starts in an hour. The meeting link is on the booking.',
      url: `/guidance/bookings?booking=${encodeURIComponent(booking.id)}`,
      tag: `guidance-${booking.id}`,
    },
  );
}

/**
 * What the other side is told when a booking moves (issue 19: "both see the confirmed booking"):
 * a durable `guidance-notice` job written by the transition's transaction, keyed by the booking,
 * the event and its time, so a retried transition (which changes nothing) queues nothing new.
 */
export type NoticeEvent = 'confirmed' | 'cancelled' | 'rescheduled' | 'delivered';

export interface NoticeJob {
  bookingId: string;
  event: NoticeEvent;
  to: 'candidate' | 'referee';
  at: string;
}

export const GUIDANCE_NOTICE_JOB = { name: 'guidance-notice' } as const;

const NOTICE_TEXT: Record<NoticeEvent, (label: string) => { title: string; body: string }> = {
  confirmed: (label) => ({
    title: `New booking: ${label}`,
    body: 'A candidate booked and paid. The details are in your schedule.',
  }),
  cancelled: (label) => ({
    title: `${label} cancelled`,
    body: 'A booking was cancelled. Any refund is in the guidance wallet.',
  }),
  rescheduled: (label) => ({
    title: `${label} moved`,
    body: 'A session was moved to another time. Open the booking to see when.',
  }),
  delivered: (label) => ({
    title: `${label} delivered`,
    body: 'Your booking was delivered. Tell others how it went with a rating.',
  }),
};

/** Queues a notice to `to` in the caller's transaction. */
export async function sendNotice(executor: Executor, job: NoticeJob): Promise<void> {
  if (!queue) return;
  await queue.send(executor, GUIDANCE_NOTICE_JOB, job, {
    key: `guidance-notice:${job.bookingId}:${job.event}:${job.at}`,
  });
  const current = queue;
  setImmediate(() => current.nudge());
}

async function subOf(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ sub: users.cognitoSub })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.sub ?? userId;
}

/** Sends one notice; devices reached. */
export async function deliverNotice(
  db: Database,
  notifications: Pick<Notifications, 'toUsers'>,
  job: NoticeJob,
): Promise<number> {
  const [booking] = await db
    .select()
    .from(guidanceBookings)
    .where(eq(guidanceBookings.id, job.bookingId))
    .limit(1);
  if (!booking) return 0;
  const label = SERVICE_KIND_LABELS[booking.kind as ServiceKind] ?? 'Session';
  const text = NOTICE_TEXT[job.event](label);
  const userId = job.to === 'candidate' ? booking.candidateId : booking.refereeId;
  return notifications.toUsers([await subOf(db, userId)], {
    ...text,
    url: `/guidance/bookings?booking=${encodeURIComponent(booking.id)}`,
    tag: `guidance-${booking.id}`,
  });
}

export function defineReminderJobs(
  jobs: JobQueue,
  deps: { db: Database; notifications: Pick<Notifications, 'toUsers'> },
) {
  jobs.define<ReminderJob>({
    name: GUIDANCE_REMINDER_JOB.name,
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    concurrency: 2,
    handler: async (job) => {
      await sendReminder(deps.db, deps.notifications, job);
    },
  });
  jobs.define<NoticeJob>({
    name: GUIDANCE_NOTICE_JOB.name,
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 120,
    concurrency: 2,
    handler: async (job) => {
      await deliverNotice(deps.db, deps.notifications, job);
    },
  });
}
