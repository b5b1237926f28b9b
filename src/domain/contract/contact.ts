/**
 * The contact API area: the corporate contact form (/corporate/connect-with-us) as
 * `POST /api/contact-requests` takes it. Public, no sign-in. Every field's message is one a
 * person can act on: the server answers a bad field with 400 `{ errorMsg, errors }` (the first
 * message, and one per field), 429 with Retry-After when one address sends too many.
 */
import * as z from 'zod/mini';
import { TEAM_SIZES } from '../job-catalog';

export const ContactLimits = {
  /** Requests per address per window. */
  max: 5,
  windowMs: 10 * 60_000,
} as const;

export const ContactRequestSchema = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .check(
      z.trim(),
      z.minLength(2, 'Please enter your name (at least 2 characters).'),
      z.maxLength(100, 'Please keep your name under 100 characters.'),
    ),
  email: z.pipe(
    z
      .string({ error: 'Please enter your work email.' })
      .check(z.trim(), z.maxLength(254, 'Please keep the email under 254 characters.')),
    z.email('Please enter a valid email address, like name@company.com.'),
  ),
  company: z
    .string({ error: 'Please enter your company name.' })
    .check(
      z.trim(),
      z.minLength(2, 'Please enter your company name.'),
      z.maxLength(120, 'Please keep the company name under 120 characters.'),
    ),
  phone: z._default(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(20, 'Please enter a phone number of at most 20 characters.'),
          z.regex(
            /^$|^\+?[0-9 ()-]{7,20}$/,
            'Please enter a valid phone number, like +91 98765 43210.',
          ),
        ),
    ),
    '',
  ),
  teamSize: z
    .string({ error: 'Please choose your team size.' })
    .check(
      z.refine((value) => TEAM_SIZES.includes(value), { error: 'Please choose your team size.' }),
    ),
  message: z
    .string({ error: 'Please tell us what you are hiring for.' })
    .check(
      z.trim(),
      z.minLength(20, 'Please tell us a little more (at least 20 characters).'),
      z.maxLength(2000, 'Please keep the message under 2000 characters.'),
    ),
});
export type ContactRequest = z.output<typeof ContactRequestSchema>;
/** What the form sends (every field a string). */
export type ContactRequestInput = Required<z.input<typeof ContactRequestSchema>>;

/** The first message per field of a refused request (`errors` of the 400). */
export function contactFieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.join('.') : 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

export const ContactCreatedSchema = z.object({ id: z.string(), receivedAt: z.string() });
