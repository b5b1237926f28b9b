/**
 * What candidates browse (issue 19 "Request guidance"): companies whose verified referees offer
 * services, and one company's referees with their services, fees and next free slots. Referees
 * are anonymised as referral offers are: designation, department, years and rating, never a
 * name or an email; `refereeId` is a digest of the user id, stable for a page, meaningless
 * elsewhere. A paused referee (penalty) is left out entirely.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
  GuidanceErrors,
  GuidanceLimits,
  SERVICE_KINDS,
  type GuidanceCompanyPage,
  type GuidanceCompanySummary,
  type ServiceKind,
} from '../../src/domain/contract/guidance';
import type { Database } from '../db/client';
import {
  companies,
  guidanceServices,
  guidanceSettings,
  refereeProfiles,
  users,
} from '../db/schema';
import { HttpError } from '../http/errors';
import { expireHolds, slotsOf } from './bookings';
import { isPaused, ratingsOf, serializeService, type ServiceRow } from './services';

const opaqueId = (userId: string) =>
  `ref_${createHash('sha256').update(`guidance:${userId}`).digest('hex').slice(0, 16)}`;

async function offeredServices(db: Database, now: Date, companyId?: string) {
  const conditions = [
    eq(guidanceServices.enabled, true),
    eq(refereeProfiles.workEmailVerified, true),
  ];
  if (companyId) conditions.push(eq(refereeProfiles.companyId, companyId));
  const rows = await db
    .select({
      service: guidanceServices,
      settings: guidanceSettings,
      companyId: refereeProfiles.companyId,
      designation: refereeProfiles.designation,
      department: refereeProfiles.department,
      yoe: users.yoe,
    })
    .from(guidanceServices)
    .innerJoin(refereeProfiles, eq(refereeProfiles.userId, guidanceServices.refereeId))
    .innerJoin(users, eq(users.id, guidanceServices.refereeId))
    .leftJoin(guidanceSettings, eq(guidanceSettings.refereeId, guidanceServices.refereeId))
    .where(and(...conditions));
  return rows.filter((row) => !isPaused(row.settings ?? undefined, now));
}

const kindOrder = (kind: string) => SERVICE_KINDS.indexOf(kind as ServiceKind);

export async function guidanceCompanies(
  db: Database,
  now: Date,
): Promise<GuidanceCompanySummary[]> {
  const rows = await offeredServices(db, now);
  const ids = [...new Set(rows.map((row) => row.companyId))];
  if (ids.length === 0) return [];
  const companyRows = await db
    .select({
      id: companies.id,
      name: companies.name,
      logoUrl: companies.logoUrl,
      industry: companies.industry,
    })
    .from(companies)
    .where(inArray(companies.id, ids));
  return companyRows
    .map((company) => {
      const offered = rows.filter((row) => row.companyId === company.id);
      const kinds = [...new Set(offered.map((row) => row.service.kind as ServiceKind))];
      return {
        companyId: company.id,
        name: company.name,
        logoUrl: company.logoUrl,
        industry: company.industry,
        referees: new Set(offered.map((row) => row.service.refereeId)).size,
        kinds: kinds.sort((a, b) => kindOrder(a) - kindOrder(b)),
        feeFrom: Math.min(...offered.map((row) => row.service.fee)),
      };
    })
    .sort((a, b) => b.referees - a.referees || a.name.localeCompare(b.name));
}

export async function guidanceCompanyPage(
  db: Database,
  companyId: string,
  now: Date,
): Promise<GuidanceCompanyPage> {
  const [company] = await db
    .select({
      companyId: companies.id,
      name: companies.name,
      logoUrl: companies.logoUrl,
      industry: companies.industry,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company) throw new HttpError(404, GuidanceErrors.companyNotFound);
  const rows = await offeredServices(db, now, companyId);
  const refereeIds = [...new Set(rows.map((row) => row.service.refereeId))];
  const ratings = await ratingsOf(db, refereeIds);
  const referees = await Promise.all(
    refereeIds.map(async (refereeId) => {
      const mine = rows
        .filter((row) => row.service.refereeId === refereeId)
        .sort((a, b) => kindOrder(a.service.kind) - kindOrder(b.service.kind));
      const first = mine[0]!;
      await expireHolds(db, { refereeId }, now);
      const services = await Promise.all(
        mine.map(async (row) => ({
          ...serializeService(row.service),
          nextSlots: (
            await slotsOf(db, row.service, row.settings ?? undefined, now, {
              limit: GuidanceLimits.nextSlotsShown,
            })
          ).map((ms) => new Date(ms).toISOString()),
        })),
      );
      return {
        refereeId: opaqueId(refereeId),
        designation: first.designation,
        department: first.department,
        yearsOfExperience: first.yoe === null ? null : Math.floor(first.yoe),
        rating: ratings.get(refereeId) ?? { average: null, count: 0 },
        timeZone: first.settings?.timeZone ?? DEFAULT_TIME_ZONE,
        services,
      };
    }),
  );
  // Best rated first, then the most reviewed: what a candidate would look at first.
  referees.sort(
    (a, b) => (b.rating.average ?? 0) - (a.rating.average ?? 0) || b.rating.count - a.rating.count,
  );
  return { company, referees };
}

/** A bookable service (enabled, verified referee not paused), or 404. */
export async function bookableService(
  db: Database,
  serviceId: string,
  now: Date,
): Promise<{ service: ServiceRow; settings: typeof guidanceSettings.$inferSelect | undefined }> {
  const [row] = await db
    .select({ service: guidanceServices, settings: guidanceSettings })
    .from(guidanceServices)
    .innerJoin(refereeProfiles, eq(refereeProfiles.userId, guidanceServices.refereeId))
    .leftJoin(guidanceSettings, eq(guidanceSettings.refereeId, guidanceServices.refereeId))
    .where(
      and(
        eq(guidanceServices.id, serviceId),
        eq(guidanceServices.enabled, true),
        eq(refereeProfiles.workEmailVerified, true),
      ),
    )
    .limit(1);
  if (!row || isPaused(row.settings ?? undefined, now)) {
    throw new HttpError(404, GuidanceErrors.serviceNotFound);
  }
  return { service: row.service, settings: row.settings ?? undefined };
}
