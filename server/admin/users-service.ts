/**
 * Site admins' reads and changes of accounts (issue 21 item 2). General users (users) and
 * company users (corporate_users) are two records (spec §3), listed together: an id says which
 * (`usr:` / `corp:`). Every change runs in one transaction with its audit row (admin/audit.ts).
 *
 * - Deactivation reuses the corporate rule (spec §4): corporate_users.is_deleted, and for general
 *   users users.is_deactivated; authentication reads both on every request (auth/account-status),
 *   so the user is refused from their next call on, and the app refuses the sign-in.
 * - Roles live in the identity pool's groups (the token's `cognito:groups`, spec §4): the pool is
 *   changed first, then the product's mirror (users.user_type / corporate_user_type) with the
 *   audit row. A pool that does not answer changes nothing.
 * - Credits: a grant or revoke is one ledger row whose unique key comes from the request's
 *   Idempotency-Key, so a retried call moves credits once; a revoke never takes the balance
 *   below zero (under the per-user credit lock).
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  AdminUserErrors,
  AdminUserLimits,
  COMPANY_ROLES,
  SITE_ROLES,
  type AdminCreditsInput,
  type AdminUserDetail,
  type AdminUserRow,
  type AdminUsersQueryInput,
} from '../../src/domain/contract/admin-users';
import type { IdentityGroup, IdentityGroups } from '../auth/identity-groups';
import { IdentityGroupsUnavailableError, IdentityUserNotFoundError } from '../auth/identity-groups';
import type { Database } from '../db/client';
import {
  companies,
  corporateUsers,
  creditLedger,
  paymentOrders,
  referralRequests,
  users,
} from '../db/schema';
import { HttpError } from '../http/errors';
import { appendLedger, balanceOf, creditSummary, lockCreditAccount } from '../referrals/credits';
import { recordAudit } from './audit';

export interface AdminActor {
  /** principal.sub */
  readonly sub: string;
  /** The admin's general-user id, when they have a profile (ledger createdBy). */
  readonly userId: string | null;
}

type Ref = { kind: 'general'; id: string } | { kind: 'corporate'; id: string };

export function parseUserRef(id: string): Ref {
  const [prefix, ...rest] = id.split(':');
  const raw = rest.join(':');
  return prefix === 'corp' ? { kind: 'corporate', id: raw } : { kind: 'general', id: raw };
}

const notFound = () => new HttpError(404, AdminUserErrors.userNotFound);

// ---------------------------------------------------------------------------------------------
// Search.

const generalRow = {
  id: sql<string>`'usr:' || ${users.id}`.as('id'),
  kind: sql<string>`'general'`.as('kind'),
  name: users.name,
  email: users.email,
  roles: sql<string[]>`${users.userType}`.as('roles'),
  active: sql<boolean>`not ${users.isDeactivated}`.as('active'),
  companyName: sql<string | null>`null::text`.as('company_name'),
  credits: sql<number | null>`${users.referralCount}`.as('credits'),
  createdAt: users.createdAt,
};

export async function searchUsers(
  db: Database,
  query: AdminUsersQueryInput,
): Promise<{ data: AdminUserRow[]; next: number | null }> {
  const page = query.page ?? 1;
  const size = AdminUserLimits.pageSize;
  const text = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const corporateName = sql<string>`trim(${corporateUsers.firstName} || ' ' || ${corporateUsers.lastName})`;

  const generalWhere: SQL[] = [];
  const corporateWhere: SQL[] = [];
  if (text) {
    generalWhere.push(or(ilike(users.name, text), ilike(users.email, text))!);
    corporateWhere.push(or(ilike(corporateName, text), ilike(corporateUsers.email, text))!);
  }
  if (query.status) {
    const deactivated = query.status === 'deactivated';
    generalWhere.push(eq(users.isDeactivated, deactivated));
    corporateWhere.push(eq(corporateUsers.isDeleted, deactivated));
  }
  const role = query.role;
  const wantGeneral = !role || !(COMPANY_ROLES as readonly string[]).includes(role);
  const wantCorporate = !role || (COMPANY_ROLES as readonly string[]).includes(role);
  if (role && wantGeneral) {
    // No groups means general-user (spec §4).
    generalWhere.push(
      role === 'general-user'
        ? sql`(${role} = any(${users.userType}) or cardinality(${users.userType}) = 0)`
        : sql`${role} = any(${users.userType})`,
    );
  }
  if (role && wantCorporate) corporateWhere.push(eq(corporateUsers.corporateUserType, role));

  const general = db
    .select(generalRow)
    .from(users)
    .where(and(sql`${wantGeneral}`, ...generalWhere));
  const corporate = db
    .select({
      id: sql<string>`'corp:' || ${corporateUsers.id}`.as('id'),
      kind: sql<string>`'corporate'`.as('kind'),
      name: sql<string>`${corporateName}`.as('name'),
      email: corporateUsers.email,
      roles: sql<string[]>`array[${corporateUsers.corporateUserType}]`.as('roles'),
      active: sql<boolean>`not ${corporateUsers.isDeleted}`.as('active'),
      companyName: sql<string | null>`${companies.name}`.as('company_name'),
      credits: sql<number | null>`null::int`.as('credits'),
      createdAt: corporateUsers.createdAt,
    })
    .from(corporateUsers)
    .leftJoin(companies, eq(companies.id, corporateUsers.companyId))
    .where(and(sql`${wantCorporate}`, ...corporateWhere));
  const rows = await general
    .unionAll(corporate)
    .orderBy(sql`created_at desc`, sql`id`)
    .limit(size + 1)
    .offset((page - 1) * size);
  return {
    data: rows.slice(0, size).map(rowView),
    next: rows.length > size ? page + 1 : null,
  };
}

function rowView(row: {
  id: string;
  kind: string;
  name: string;
  email: string;
  roles: string[];
  active: boolean;
  companyName: string | null;
  credits: number | null;
  createdAt: Date | string;
}): AdminUserRow {
  return {
    id: row.id,
    kind: row.kind === 'corporate' ? 'corporate' : 'general',
    name: row.name || (row.kind === 'corporate' ? 'Corporate User' : 'User'),
    email: row.email,
    roles: row.roles.length ? row.roles : ['general-user'],
    active: row.active,
    companyName: row.companyName,
    credits: row.credits === null ? null : Number(row.credits),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// One user.

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

interface Loaded {
  row: AdminUserRow;
  sub: string | null;
  generalId: string | null;
}

async function loadUser(db: Executor, ref: Ref, lock = false): Promise<Loaded | null> {
  if (ref.kind === 'general') {
    const query = db
      .select({ user: users, active: sql<boolean>`not ${users.isDeactivated}` })
      .from(users)
      .where(eq(users.id, ref.id));
    const [found] = lock ? await query.for('update') : await query;
    if (!found) return null;
    const user = found.user;
    return {
      sub: user.cognitoSub,
      generalId: user.id,
      row: rowView({
        ...generalFields(user),
        active: !user.isDeactivated,
      }),
    };
  }
  const query = db
    .select({ user: corporateUsers, companyName: companies.name })
    .from(corporateUsers)
    .leftJoin(companies, eq(companies.id, corporateUsers.companyId))
    .where(eq(corporateUsers.id, ref.id));
  const [found] = lock ? await query.for('update', { of: corporateUsers }) : await query;
  if (!found) return null;
  const user = found.user;
  return {
    sub: user.cognitoUserId,
    generalId: null,
    row: rowView({
      id: `corp:${user.id}`,
      kind: 'corporate',
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      roles: [user.corporateUserType],
      active: !user.isDeleted,
      companyName: found.companyName,
      credits: null,
      createdAt: user.createdAt,
    }),
  };
}

function generalFields(user: typeof users.$inferSelect) {
  return {
    id: `usr:${user.id}`,
    kind: 'general',
    name: user.name,
    email: user.email,
    roles: user.userType,
    companyName: null,
    credits: user.referralCount,
    createdAt: user.createdAt,
  };
}

export async function userDetail(
  db: Database,
  id: string,
  actor: AdminActor,
): Promise<AdminUserDetail> {
  const loaded = await loadUser(db, parseUserRef(id));
  if (!loaded) throw notFound();
  const generalId = loaded.generalId;
  if (!generalId) {
    return {
      user: loaded.row,
      isYou: loaded.sub === actor.sub,
      credits: null,
      ledger: [],
      payments: [],
      referralRequests: 0,
    };
  }
  const admins = db.$with('admins').as(db.select({ id: users.id, name: users.name }).from(users));
  const [summary, ledger, payments, [requests]] = await Promise.all([
    creditSummary(db, generalId),
    db
      .with(admins)
      .select({ entry: creditLedger, by: admins.name })
      .from(creditLedger)
      .leftJoin(admins, eq(admins.id, creditLedger.createdBy))
      .where(eq(creditLedger.userId, generalId))
      .orderBy(desc(creditLedger.id))
      .limit(AdminUserLimits.ledgerRows),
    db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, generalId))
      .orderBy(desc(paymentOrders.createdAt))
      .limit(20),
    db
      .select({ n: count() })
      .from(referralRequests)
      .where(eq(referralRequests.candidateId, generalId)),
  ]);
  return {
    user: loaded.row,
    isYou: loaded.sub === actor.sub,
    credits: summary,
    ledger: ledger.map(({ entry, by }) => ({
      id: entry.id,
      kind: entry.kind,
      amount: entry.amount,
      note: entry.note,
      by: entry.createdBy ? by || 'An admin' : null,
      requestId: entry.requestId,
      createdAt: entry.createdAt.toISOString(),
    })),
    payments: payments.map((order) => ({
      id: order.id,
      planId: order.planId,
      credits: order.credits,
      amount: order.amount,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
    })),
    referralRequests: Number(requests?.n ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Changes.

export async function setUserStatus(
  db: Database,
  input: { id: string; active: boolean; reason: string; actor: AdminActor; now: Date },
): Promise<void> {
  const ref = parseUserRef(input.id);
  await db.transaction(async (tx) => {
    const loaded = await loadUser(tx, ref, true);
    if (!loaded) throw notFound();
    if (loaded.sub === input.actor.sub) throw new HttpError(403, AdminUserErrors.notYourself);
    if (loaded.row.active === input.active) return; // already so: nothing to record
    if (ref.kind === 'general') {
      await tx
        .update(users)
        .set({ isDeactivated: !input.active, updatedAt: input.now })
        .where(eq(users.id, ref.id));
    } else {
      await tx
        .update(corporateUsers)
        .set({ isDeleted: !input.active, updatedAt: input.now })
        .where(eq(corporateUsers.id, ref.id));
    }
    await recordAudit(tx, {
      actorId: input.actor.sub,
      actorRole: 'admin',
      action: input.active ? 'user.reactivate' : 'user.deactivate',
      subjectType: 'user',
      subjectId: input.id,
      before: { active: loaded.row.active },
      after: { active: input.active },
      reason: input.reason,
    });
  });
}

export async function setUserRoles(
  db: Database,
  groups: IdentityGroups | null,
  input: { id: string; roles: readonly string[]; reason: string; actor: AdminActor; now: Date },
): Promise<void> {
  const ref = parseUserRef(input.id);
  const allowed: readonly string[] = ref.kind === 'general' ? SITE_ROLES : COMPANY_ROLES;
  const wanted = [...new Set(input.roles)].sort();
  if (!wanted.every((role) => allowed.includes(role))) {
    throw new HttpError(400, AdminUserErrors.wrongRoles);
  }
  // A company user has exactly one role (spec §6 sub-types).
  if (ref.kind === 'corporate' && wanted.length !== 1) {
    throw new HttpError(400, AdminUserErrors.wrongRoles);
  }
  const loaded = await loadUser(db, ref);
  if (!loaded) throw notFound();
  if (loaded.sub === input.actor.sub) throw new HttpError(403, AdminUserErrors.notYourself);
  if (!loaded.sub || !groups) throw new HttpError(409, AdminUserErrors.noIdentity);
  const before = loaded.row.roles;
  // The pool first: if it fails, the product's record still says what the token says.
  try {
    await groups.setAmong(loaded.sub, wanted as IdentityGroup[], allowed as IdentityGroup[]);
  } catch (error) {
    if (error instanceof IdentityUserNotFoundError) {
      throw new HttpError(409, AdminUserErrors.noIdentity);
    }
    if (error instanceof IdentityGroupsUnavailableError) {
      throw new HttpError(503, AdminUserErrors.identityUnavailable);
    }
    throw error;
  }
  await db.transaction(async (tx) => {
    if (ref.kind === 'general') {
      // Keep what is not a site role (linkedin: how they signed up).
      const kept = before.filter((role) => !allowed.includes(role));
      await tx
        .update(users)
        .set({ userType: [...kept, ...wanted], updatedAt: input.now })
        .where(eq(users.id, ref.id));
    } else {
      await tx
        .update(corporateUsers)
        .set({ corporateUserType: wanted[0]!, updatedAt: input.now })
        .where(eq(corporateUsers.id, ref.id));
    }
    await recordAudit(tx, {
      actorId: input.actor.sub,
      actorRole: 'admin',
      action: 'user.roles',
      subjectType: 'user',
      subjectId: input.id,
      before: { roles: before },
      after: { roles: wanted },
      reason: input.reason,
    });
  });
}

export async function changeCredits(
  db: Database,
  input: {
    id: string;
    body: AdminCreditsInput;
    /** The ledger's unique key for this action (from the Idempotency-Key). */
    key: string;
    actor: AdminActor;
  },
): Promise<{ changed: boolean; balance: number }> {
  const ref = parseUserRef(input.id);
  if (ref.kind !== 'general') throw new HttpError(400, AdminUserErrors.noCredits);
  const { action, amount, reason } = input.body;
  return db.transaction(async (tx) => {
    if (!(await lockCreditAccount(tx, ref.id))) throw notFound();
    const before = await balanceOf(tx, ref.id);
    const uniqueKey = `admin-${action}:${input.key}`;
    const [done] = await tx
      .select({ id: creditLedger.id })
      .from(creditLedger)
      .where(eq(creditLedger.uniqueKey, uniqueKey))
      .limit(1);
    if (done) return { changed: false, balance: before };
    if (action === 'revoke' && before < amount) {
      throw new HttpError(409, AdminUserErrors.belowZero(before));
    }
    await appendLedger(tx, {
      userId: ref.id,
      kind: action,
      amount: action === 'grant' ? amount : -amount,
      uniqueKey,
      note: reason,
      createdBy: input.actor.userId ?? input.actor.sub,
    });
    const after = before + (action === 'grant' ? amount : -amount);
    await recordAudit(tx, {
      actorId: input.actor.sub,
      actorRole: 'admin',
      action: action === 'grant' ? 'credits.grant' : 'credits.revoke',
      subjectType: 'user',
      subjectId: input.id,
      before: { balance: before },
      after: { balance: after, amount: action === 'grant' ? amount : -amount },
      reason,
    });
    return { changed: true, balance: after };
  });
}
