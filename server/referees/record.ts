/**
 * The referee's record (issue 17 part 4): counts from their referral_offers rows. `answered`
 * counts accepts and declines (a referral made was an accept first); `expired` counts offers the
 * response window closed on (timedOut). The acceptance rate and median response time are null
 * until the first answer. Pure summary (`summariseOffers`) + one query (`loadRefereeStats`).
 */
import { eq } from 'drizzle-orm';
import type { RefereeStats } from '../../src/domain/contract/referees';
import type { Database } from '../db/client';
import { referralOffers } from '../db/schema';

export interface OfferRecordRow {
  readonly answer: string | null;
  readonly offeredAt: Date;
  readonly answeredAt: Date | null;
}

const HOUR = 3_600_000;

export function summariseOffers(rows: readonly OfferRecordRow[]): RefereeStats {
  let accepted = 0;
  let declined = 0;
  let expired = 0;
  let referralsMade = 0;
  const responseHours: number[] = [];
  for (const row of rows) {
    if (row.answer === 'accepted' || row.answer === 'referred') accepted++;
    if (row.answer === 'referred') referralsMade++;
    if (row.answer === 'declined') declined++;
    if (row.answer === 'timedOut') expired++;
    // answeredAt is the first answer (a referral's is its accept), so this is the time to respond,
    // not to refer.
    if (
      (row.answer === 'accepted' || row.answer === 'declined' || row.answer === 'referred') &&
      row.answeredAt
    ) {
      responseHours.push(Math.max(0, row.answeredAt.getTime() - row.offeredAt.getTime()) / HOUR);
    }
  }
  const answered = accepted + declined;
  return {
    offered: rows.length,
    answered,
    accepted,
    declined,
    expired,
    referralsMade,
    acceptanceRate: answered === 0 ? null : accepted / answered,
    medianResponseHours: responseHours.length === 0 ? null : round1(median(responseHours)),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export async function loadRefereeStats(db: Database, refereeId: string): Promise<RefereeStats> {
  const rows = await db
    .select({
      answer: referralOffers.answer,
      offeredAt: referralOffers.offeredAt,
      answeredAt: referralOffers.answeredAt,
    })
    .from(referralOffers)
    .where(eq(referralOffers.refereeId, refereeId));
  return summariseOffers(rows);
}
