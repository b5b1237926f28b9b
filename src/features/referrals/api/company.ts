/**
 * The company a referral is requested from: `GET /company/{key}` (spec §7: "returns a list; the
 * first item is used"), falling back to the copy the company listing cached, so the request page
 * opens offline for a company the candidate has seen.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api';
import { getCachedCompanies, upsertCompanies } from '@/lib/db';

const text = z.nullish(z.string());

const CompanySchema = z.looseObject({
  SK: z.string(),
  name: z.string(),
  logo: text,
  logoUrl: text,
  linkedIn: text,
  careerUrl: text,
  industry: text,
});
const CompanyListSchema = z.array(CompanySchema);

export interface ReferralCompany {
  readonly id: string;
  readonly name: string;
  readonly logoUrl: string | null;
  readonly linkedIn: string | null;
  readonly careerUrl: string | null;
  readonly industry: string | null;
  /** The admins' verified mark (issue 21 item 2). */
  readonly isVerified: boolean;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

function toCompany(row: Record<string, unknown> & { name: string }, id: string): ReferralCompany {
  return {
    id,
    name: row.name,
    logoUrl: str(row.logoUrl) ?? str(row.logo),
    linkedIn: str(row.linkedIn),
    careerUrl: str(row.careerUrl),
    industry: str(row.industry),
    isVerified: row.isVerified === true,
  };
}

async function fetchCompany(id: string, signal?: AbortSignal): Promise<ReferralCompany | null> {
  try {
    const rows = await api.get(`/company/${encodeURIComponent(id)}`, {
      schema: CompanyListSchema,
      signal,
    });
    const first = rows[0];
    if (!first) return null;
    await upsertCompanies([{ ...first, id: first.SK }]).catch(() => undefined);
    return toCompany(first, first.SK);
  } catch (error) {
    // Offline (or the server is away): the listing's cached copy, if there is one.
    const [cached] = await getCachedCompanies([id]).catch(() => []);
    if (cached) return toCompany(cached, cached.id);
    throw error;
  }
}

export const referralCompanyQuery = (id: string) =>
  queryOptions({
    queryKey: ['referral-company', id],
    queryFn: ({ signal }) => fetchCompany(id, signal),
    staleTime: 5 * 60_000,
  });
