/**
 * The audit log (issue 21 item 5). Every admin and evaluator action calls `recordAudit` inside
 * the transaction of the change it records, so a change and its audit row land together or not
 * at all. `before`/`after` hold only what the action changed (a status, a role list, a score),
 * never tokens, CV text or payment card data.
 */
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditQuery,
  type AuditSubjectType,
} from '../../src/domain/contract/admin-audit';
import type { Database } from '../db/client';
import { adminAudit, users } from '../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface AuditRecord {
  /** The actor's identity `sub` (principal.sub). */
  readonly actorId: string;
  readonly actorRole: 'admin' | 'evaluator';
  readonly action: string;
  readonly subjectType: AuditSubjectType;
  readonly subjectId: string;
  readonly before?: unknown;
  readonly after?: unknown;
  readonly reason?: string | null;
}

export async function recordAudit(executor: Database | Tx, entry: AuditRecord): Promise<void> {
  await executor.insert(adminAudit).values({
    actorId: entry.actorId,
    actorRole: entry.actorRole,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}

/** One page, newest first, with the actor's name where the actor has a profile. */
export async function listAudit(
  db: Database,
  query: AuditQuery,
): Promise<{ data: AuditEntry[]; next: number | null }> {
  const filters: SQL[] = [];
  if (query.subjectType) filters.push(eq(adminAudit.subjectType, query.subjectType));
  if (query.subjectId) filters.push(eq(adminAudit.subjectId, query.subjectId));
  if (query.actorId) filters.push(eq(adminAudit.actorId, query.actorId));
  if (query.before) filters.push(lt(adminAudit.id, query.before));
  const rows = await db
    .select({ entry: adminAudit, name: users.name, email: users.email })
    .from(adminAudit)
    .leftJoin(users, eq(users.cognitoSub, adminAudit.actorId))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(adminAudit.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    data: page.map(({ entry, name, email }) => ({
      id: entry.id,
      actorId: entry.actorId,
      actorName: name || email || null,
      actorRole: entry.actorRole,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason,
      createdAt: entry.createdAt.toISOString(),
    })),
    next: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.entry.id ?? null) : null,
  };
}
