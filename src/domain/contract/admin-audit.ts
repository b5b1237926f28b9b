/**
 * The audit log of admin and evaluator actions (issue 21 item 5): who did what to which subject,
 * when, and the subject's state before and after. Admins read it, newest first, a page at a time.
 */
import * as z from 'zod/mini';

export const AUDIT_PAGE_SIZE = 50;

export const AuditErrors = {
  adminsOnly: 'Only site administrators can read the audit log',
} as const;

export const AuditSubjectTypes = [
  'job',
  'user',
  'company',
  'referral',
  'payment',
  'assessment',
] as const;
export type AuditSubjectType = (typeof AuditSubjectTypes)[number];

export const AuditEntrySchema = z.object({
  id: z.number(),
  actorId: z.string(),
  /** The actor's name or email when known, for people reading the log. */
  actorName: z.nullable(z.string()),
  actorRole: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
  reason: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  subjectType: z.optional(z.enum(AuditSubjectTypes)),
  subjectId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  actorId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  /** Entries older than this id (the last id of the previous page). */
  before: z.optional(z.coerce.number().check(z.int(), z.positive())),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  data: z.array(AuditEntrySchema),
  /** The `before` for the next page, or null at the end. */
  next: z.nullable(z.number()),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
