/**
 * Fills an empty database with the demo data (companies, jobs, demo users). Does nothing when
 * companies already exist, so `npm start` can call it on every start.
 */
import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies, corporateUsers, jobs, users } from '../db/schema';
import { demoCorporateUsers, demoGeneralUsers } from './demo-users';
import { generateCompanies, generateJobs } from './generate';
import { seedPaymentDemo } from '../payments/seed-demo';
import { seedGuidanceDemo } from './guidance-demo';
import { seedOversightDemo } from './oversight-demo';
import { seedModerationDemo } from './moderation-demo';
import { seedReferralDemo } from './referral-demo';

export interface SeedOptions {
  companies?: number;
  jobs?: number;
}

export const DEFAULT_SEED = { companies: 84, jobs: 3200 } as const;
const BATCH = 500;

export async function isSeeded(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) > 0;
}

export async function seedDatabase(db: Database, options: SeedOptions = {}) {
  if (await isSeeded(db)) {
    // A database seeded before companies had email domains (issue 17) gets the demo ones.
    await db.execute(
      sql`UPDATE companies SET email_domains = ARRAY[regexp_replace(id, '^cmp-', '') || '.example.com'] WHERE email_domains = '{}'::text[]`,
    );
    // A database seeded before the referral demo existed (issue 16) gets it now.
    const referrals = await seedReferralDemo(db, demoGeneralUsers());
    // … and the demo purchases (issue 18), once.
    await seedPaymentDemo(db);
    // … and the referees' guidance services and bookings (issue 19), once.
    await seedGuidanceDemo(db);
    // … and a disputed and a stuck request for the admin's oversight queue (issue 21), once.
    await seedOversightDemo(db);
    // … and posts in the moderation queue (issue 21 item 1), once.
    await seedModerationDemo(db);
    return referrals.seeded
      ? { seeded: true as const, referrals: referrals.requests }
      : { seeded: false as const };
  }
  const companyRows = generateCompanies(options.companies ?? DEFAULT_SEED.companies);
  const jobRows = generateJobs(options.jobs ?? DEFAULT_SEED.jobs, companyRows);
  await db.transaction(async (tx) => {
    for (let i = 0; i < companyRows.length; i += BATCH) {
      await tx.insert(companies).values(companyRows.slice(i, i + BATCH));
    }
    for (let i = 0; i < jobRows.length; i += BATCH) {
      await tx.insert(jobs).values(jobRows.slice(i, i + BATCH));
    }
    await tx.insert(users).values(demoGeneralUsers());
    await tx.insert(corporateUsers).values(demoCorporateUsers(companyRows[0]!.id));
  });
  // Planner statistics for the fresh rows (PGlite has no autovacuum): the search plans of
  // jobs/search-jobs.ts depend on them.
  await db.execute(sql`ANALYZE jobs`);
  await db.execute(sql`ANALYZE companies`);
  // Referees, credits and a request in every state (issue 16), through the referral service.
  const referrals = await seedReferralDemo(db, demoGeneralUsers());
  // A refunded purchase and a failed payment on the subscription page (issue 18).
  await seedPaymentDemo(db);
  // Referees' services with free slots, and the candidate's bookings and wallet (issue 19).
  await seedGuidanceDemo(db);
  // A disputed and a stuck request in the admin's oversight queue (issue 21).
  await seedOversightDemo(db);
  // Posts waiting for review, one asking for a fee, and reports (issue 21 item 1).
  await seedModerationDemo(db);
  return {
    seeded: true as const,
    companies: companyRows.length,
    jobs: jobRows.length,
    referrals: referrals.requests,
  };
}
