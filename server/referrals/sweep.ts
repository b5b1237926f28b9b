/**
 * The referral sweep (issue 16): a plain function of the clock, so a test calls it with any
 * `now`, and the server runs it as a periodic job on the durable queue (issue 25). Each due
 * request is handled in its own transaction (service.ts sweepOne), locked with SKIP LOCKED, so
 * two server processes sweeping at once share the work instead of doing it twice.
 * - offered past the response window, accepted past the refer window → passed to the next
 *   referee (or expired when nobody is left);
 * - approved and never offered (no referee yet) → offered when a referee has appeared, expired
 *   after waitForRefereeDays.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { JobQueue } from '../queue/job-queue';
import type { ReferralNotice } from './notify';
import { dueRequestIds, sweepOne, type SweepStep } from './service';

export type SweepReport = Record<SweepStep, number>;

export async function sweepReferrals(
  db: Database,
  now: Date,
  onNotices: (notices: ReferralNotice[]) => void = () => {},
): Promise<SweepReport> {
  const report: SweepReport = { timedOut: 0, offered: 0, expired: 0, waiting: 0, skipped: 0 };
  for (const id of await dueRequestIds(db, now)) {
    const { step, notices } = await sweepOne(db, id, now);
    report[step] += 1;
    if (notices.length > 0) onNotices(notices);
  }
  return report;
}

export const REFERRAL_SWEEP_JOB = 'referral-sweep';

/**
 * Runs the sweep every `intervalMs` as a periodic job on the durable queue (issue 25): one run
 * per period across all server processes (job-queue.ts `every`), retried if its process dies.
 * Overlapping runs are safe anyway (each request is locked, SKIP LOCKED).
 */
export function scheduleReferralSweep(
  queue: JobQueue,
  options: {
    db: Database;
    intervalMs: number;
    clock: () => Date;
    onNotices: (notices: ReferralNotice[]) => void;
    log: FastifyBaseLogger;
  },
): void {
  queue.every(
    {
      name: REFERRAL_SWEEP_JOB,
      retryLimit: 1,
      retryDelaySeconds: 5,
      expireInSeconds: 5 * 60,
      concurrency: 1,
      handler: async () => {
        const report = await sweepReferrals(options.db, options.clock(), options.onNotices);
        if (report.timedOut + report.expired + report.offered > 0) {
          options.log.info({ sweep: report }, 'referral sweep');
        }
      },
    },
    options.intervalMs,
    {},
  );
}
