/**
 * The referral sweep (issue 16): a plain function of the clock, so a test calls it with any
 * `now`, the server calls it on a timer, and a durable job queue can call it later. Each due
 * request is handled in its own transaction (service.ts sweepOne), locked with SKIP LOCKED, so
 * two server processes sweeping at once share the work instead of doing it twice.
 * - offered past the response window, accepted past the refer window → passed to the next
 *   referee (or expired when nobody is left);
 * - approved and never offered (no referee yet) → offered when a referee has appeared, expired
 *   after waitForRefereeDays.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
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

/**
 * Runs the sweep every `intervalMs` (unref'd: it never keeps the process alive), one run at a
 * time; returns the function that stops it (called on server close).
 */
export function startSweepTimer(options: {
  db: Database;
  intervalMs: number;
  clock: () => Date;
  onNotices: (notices: ReferralNotice[]) => void;
  log: FastifyBaseLogger;
}): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepReferrals(options.db, options.clock(), options.onNotices)
      .then((report) => {
        if (report.timedOut + report.expired + report.offered > 0) {
          options.log.info({ sweep: report }, 'referral sweep');
        }
      })
      .catch((error: unknown) => options.log.warn({ err: error }, 'referral sweep failed'))
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
