/**
 * The background-job admin view (issue 25 item 1): jobs that used up their retries (the dead
 * letters) and how many jobs of each kind are in each state. Site admins only.
 */
import * as z from 'zod/mini';

export const JobQueueErrors = {
  adminsOnly: 'Only site administrators can see background jobs',
} as const;

export const DeadJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  key: z.nullable(z.string()),
  attempts: z.number(),
  error: z.nullable(z.string()),
  createdAt: z.string(),
  failedAt: z.nullable(z.string()),
});

export const JobQueueReportSchema = z.object({
  data: z.object({
    /** kind → state (created, retry, active, completed, failed) → count */
    counts: z.record(z.string(), z.record(z.string(), z.number())),
    deadLetters: z.array(DeadJobSchema),
  }),
});

export type JobQueueReport = z.infer<typeof JobQueueReportSchema>;
