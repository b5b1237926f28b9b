/**
 * Becoming a referee (issue 17 part 1; spec §1: "employees act as referees; they must have 2+
 * years of overall experience and give a work email once for authorisation").
 *
 * - requestWorkEmailCode: checks the 2+ years rule against the profile's YOE (spec §9), the
 *   company, the free-mail list and the company's email domains, then mails a 6-digit code.
 *   While the code is pending only the address's hash, its domain and the code's hash are kept.
 * - verifyWorkEmailCode: a wrong code counts an attempt (5 at most), an expired (15 min) or used
 *   code is refused; the right one verifies the referee for that company and forgets the
 *   address's hash: from then on only the verified flag and the domain remain.
 * - A referee who asks for a code for another company stops being verified at once (the old
 *   company's matching no longer finds them) and is verified again only with the new code.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  RefereeErrors,
  RefereeLimits,
  emailDomainOf,
  isFreeMailDomain,
  type RefereeProfileDto,
  type RefereeProfilePatch,
  type RefereeStatus,
  type WorkEmailInput,
} from '../../src/domain/contract/referees';
import type { Database } from '../db/client';
import { companies, refereeProfiles, referralRequests } from '../db/schema';
import { HttpError } from '../http/errors';
import type { MailSender } from '../mail/mail-sender';
import type { UserRecord } from '../users/current-user';
import { loadRefereeStats } from './record';

const MINUTE = 60_000;

type RefereeRow = typeof refereeProfiles.$inferSelect;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The code's hash is salted with the user id, so equal codes of two users differ. */
const codeHash = (userId: string, code: string) => sha256(`referee-code:${userId}:${code}`);
const emailHash = (address: string) => sha256(`work-email:${address.trim().toLowerCase()}`);

/** spec §1/§9: 2+ years of overall experience. */
export function isEligibleReferee(yoe: number | null | undefined): boolean {
  return yoe != null && yoe >= RefereeLimits.minYearsOfExperience;
}

export function statusOf(row: RefereeRow | undefined): RefereeStatus {
  if (!row) return 'none';
  if (row.pendingCompanyId) return 'pendingCode';
  return row.workEmailVerified ? 'verified' : 'none';
}

async function loadRow(db: Database, userId: string): Promise<RefereeRow | undefined> {
  const [row] = await db
    .select()
    .from(refereeProfiles)
    .where(eq(refereeProfiles.userId, userId))
    .limit(1);
  return row;
}

export async function loadRefereeProfile(
  db: Database,
  user: UserRecord,
): Promise<RefereeProfileDto> {
  const row = await loadRow(db, user.id);
  const status = statusOf(row);
  const companyId = status === 'none' ? null : (row?.companyId ?? null);
  let companyName: string | null = null;
  if (companyId) {
    const [company] = await db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    companyName = company?.name ?? null;
  }
  return {
    status,
    companyId,
    companyName,
    emailDomain:
      status === 'pendingCode'
        ? (row?.pendingDomain ?? null)
        : status === 'verified'
          ? (row?.workEmailDomain ?? null)
          : null,
    designation: row?.designation ?? user.designation ?? null,
    department: row?.department ?? null,
    location: row?.location ?? user.location ?? null,
    active: row?.active ?? false,
    yoe: user.yoe ?? null,
    eligible: isEligibleReferee(user.yoe),
    stats: await loadRefereeStats(db, user.id),
  };
}

export interface CodeRequest {
  readonly user: UserRecord;
  readonly input: WorkEmailInput;
  readonly now: Date;
  readonly mail: MailSender;
}

export async function requestWorkEmailCode(db: Database, request: CodeRequest) {
  const { user, input, now, mail } = request;
  if (!isEligibleReferee(user.yoe)) throw new HttpError(422, RefereeErrors.tooJunior);
  const [company] = await db
    .select({ id: companies.id, name: companies.name, emailDomains: companies.emailDomains })
    .from(companies)
    .where(eq(companies.id, input.companyId))
    .limit(1);
  if (!company) throw new HttpError(422, RefereeErrors.companyNotFound);
  const address = input.workEmail.trim();
  const domain = emailDomainOf(address);
  if (isFreeMailDomain(domain)) throw new HttpError(422, RefereeErrors.freeMail);
  const allowed = company.emailDomains.map((d) => d.trim().toLowerCase());
  if (!allowed.includes(domain)) throw new HttpError(422, RefereeErrors.domainNotOfCompany);

  const code = String(randomInt(0, 10 ** RefereeLimits.codeLength)).padStart(
    RefereeLimits.codeLength,
    '0',
  );
  const expiresAt = new Date(now.getTime() + RefereeLimits.codeTtlMinutes * MINUTE);
  const existing = await loadRow(db, user.id);
  // The same address again within a minute of its last code: nothing is mailed.
  if (existing?.pendingEmailHash === emailHash(address) && existing.codeExpiresAt) {
    const sentAt = existing.codeExpiresAt.getTime() - RefereeLimits.codeTtlMinutes * MINUTE;
    if (now.getTime() - sentAt < RefereeLimits.codeResendSeconds * 1000) {
      throw new HttpError(429, RefereeErrors.codeTooSoon);
    }
  }
  const changesCompany = existing ? existing.companyId !== company.id : true;
  const pending = {
    pendingCompanyId: company.id,
    pendingEmailHash: emailHash(address),
    pendingDomain: domain,
    codeHash: codeHash(user.id, code),
    codeExpiresAt: expiresAt,
    codeAttempts: 0,
    codeUsedAt: null,
    updatedAt: now,
  };
  const details = {
    ...(input.designation !== undefined ? { designation: input.designation || null } : {}),
    ...(input.department !== undefined ? { department: input.department || null } : {}),
    ...(input.location !== undefined ? { location: input.location || null } : {}),
  };
  if (!existing) {
    await db.insert(refereeProfiles).values({
      userId: user.id,
      companyId: company.id,
      workEmailVerified: false,
      designation: user.designation ?? null,
      location: user.location ?? null,
      ...details,
      ...pending,
    });
  } else {
    await db
      .update(refereeProfiles)
      .set({
        ...details,
        ...pending,
        // Another company: re-verification; the old company's matching stops finding them now.
        ...(changesCompany
          ? {
              companyId: company.id,
              workEmailVerified: false,
              workEmailDomain: null,
              verifiedAt: null,
            }
          : {}),
      })
      .where(eq(refereeProfiles.userId, user.id));
    if (changesCompany) {
      // The old company's requests this referee holds are due now: the next sweep passes them
      // to another referee of that company (as after a time-out; docs/decisions.md).
      await db
        .update(referralRequests)
        .set({ deadline: now })
        .where(
          and(
            eq(referralRequests.currentRefereeId, user.id),
            eq(referralRequests.companyId, existing.companyId),
            inArray(referralRequests.state, ['offered', 'accepted']),
          ),
        );
    }
  }
  await mail.send({
    to: address,
    subject: `Your referee code for ${company.name}`,
    text:
      `Your code to verify your work email as a referee for ${company.name} is ${code}.\n` +
      `It expires in ${RefereeLimits.codeTtlMinutes} minutes. If you did not ask for it, ignore this email.`,
    codeLine: `code: ${code}`,
  });
  return {
    status: 'pendingCode' as const,
    emailDomain: domain,
    expiresAt: expiresAt.toISOString(),
  };
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function verifyWorkEmailCode(
  db: Database,
  { user, code, now }: { user: UserRecord; code: string; now: Date },
): Promise<void> {
  const row = await loadRow(db, user.id);
  if (!row || !row.codeHash) throw new HttpError(422, RefereeErrors.noPendingCode);
  if (row.codeUsedAt) throw new HttpError(422, RefereeErrors.usedCode);
  if (row.codeAttempts >= RefereeLimits.maxCodeAttempts) {
    throw new HttpError(422, RefereeErrors.tooManyAttempts);
  }
  if (!row.codeExpiresAt || row.codeExpiresAt.getTime() <= now.getTime()) {
    throw new HttpError(422, RefereeErrors.expiredCode);
  }
  if (!sameHash(row.codeHash, codeHash(user.id, code))) {
    await db
      .update(refereeProfiles)
      .set({ codeAttempts: row.codeAttempts + 1, updatedAt: now })
      .where(eq(refereeProfiles.userId, user.id));
    throw new HttpError(
      422,
      row.codeAttempts + 1 >= RefereeLimits.maxCodeAttempts
        ? RefereeErrors.tooManyAttempts
        : RefereeErrors.wrongCode,
    );
  }
  await db
    .update(refereeProfiles)
    .set({
      companyId: row.pendingCompanyId ?? row.companyId,
      workEmailVerified: true,
      workEmailDomain: row.pendingDomain,
      verifiedAt: now,
      active: true,
      // Only the flag and the domain stay: the address's hash goes with the pending state. The
      // code's hash stays, marked used, so a replayed code is told it was used.
      pendingCompanyId: null,
      pendingEmailHash: null,
      pendingDomain: null,
      codeUsedAt: now,
      updatedAt: now,
    })
    .where(eq(refereeProfiles.userId, user.id));
}

export async function patchRefereeProfile(
  db: Database,
  { user, patch, now }: { user: UserRecord; patch: RefereeProfilePatch; now: Date },
): Promise<void> {
  const row = await loadRow(db, user.id);
  if (!row) throw new HttpError(422, RefereeErrors.notReferee);
  const set = {
    ...(patch.active !== undefined ? { active: patch.active } : {}),
    ...(patch.designation !== undefined ? { designation: patch.designation || null } : {}),
    ...(patch.department !== undefined ? { department: patch.department || null } : {}),
    ...(patch.location !== undefined ? { location: patch.location || null } : {}),
  };
  await db
    .update(refereeProfiles)
    .set({ ...set, updatedAt: now })
    .where(eq(refereeProfiles.userId, user.id));
}
