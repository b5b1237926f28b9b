/**
 * What every API area of the contract shares (issue 15): the two hosts of spec §7 as this server
 * serves them, the error body, and the small schema builders the areas repeat (a bounded skill
 * list, a path id). Pure TypeScript + zod/mini, read by the server, the app and the outbox.
 *
 * zod/mini registers no locale: the server sets English once (server/http/validation.ts), so its
 * 400 texts read "Too big: …"; the app only parses answers and never shows zod's own texts.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';

// Every area builds its schemas on first use (lazy-schema.ts); taken from here, the helper ships
// in this module's chunk rather than in a request of its own.
export { lazySchema };

/** spec §7 "API host": the product API. */
export const API_PREFIX = '/api';
/** spec §7 "jobs host": the jobs API, served by the same server under its own prefix. */
export const JOBS_API_PREFIX = '/jobs-api';

/** A body's list of skill names: trimmed, non-empty, bounded in length and count. */
export function skillList(limits: { readonly skillMax: number; readonly skillsPerList: number }) {
  const { skillMax, skillsPerList } = limits;
  return z
    .array(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'a skill name cannot be empty'),
          z.maxLength(skillMax, `a skill name has at most ${skillMax} characters`),
        ),
    )
    .check(z.maxLength(skillsPerList, `at most ${skillsPerList} skills`));
}

/** A path or body id: 1 to `max` characters. */
export const idOf = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

/** spec §3 emails in paths (`/user/{email}/…`): an address of at most 254 characters. */
export const EmailParams = lazySchema(() => z.object({ email: z.email().check(z.maxLength(254)) }));

/** Comma-separated query lists ("React,Node.js") → trimmed, non-empty, de-duplicated. */
export function splitList(value: string | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}
