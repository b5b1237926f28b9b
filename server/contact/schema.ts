/**
 * The corporate contact form (/corporate/connect-with-us) as the server accepts it. Every field is
 * checked here, at the edge; a bad field answers 400 with a message a person can act on.
 */
import { z } from 'zod';

import { TEAM_SIZES } from '../../src/domain/job-catalog';

export { TEAM_SIZES };

export const ContactRequestSchema = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(2, 'Please enter your name (at least 2 characters).')
    .max(100, 'Please keep your name under 100 characters.'),
  email: z
    .string({ error: 'Please enter your work email.' })
    .trim()
    .max(254, 'Please keep the email under 254 characters.')
    .pipe(z.email('Please enter a valid email address, like name@company.com.')),
  company: z
    .string({ error: 'Please enter your company name.' })
    .trim()
    .min(2, 'Please enter your company name.')
    .max(120, 'Please keep the company name under 120 characters.'),
  phone: z
    .string()
    .trim()
    .max(20, 'Please enter a phone number of at most 20 characters.')
    .regex(/^$|^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid phone number, like +91 98765 43210.')
    .optional()
    .default(''),
  teamSize: z
    .string({ error: 'Please choose your team size.' })
    .refine((value) => TEAM_SIZES.includes(value), { error: 'Please choose your team size.' }),
  message: z
    .string({ error: 'Please tell us what you are hiring for.' })
    .trim()
    .min(20, 'Please tell us a little more (at least 20 characters).')
    .max(2000, 'Please keep the message under 2000 characters.'),
});

export type ContactRequest = z.infer<typeof ContactRequestSchema>;

/** First message per field, for the form to show next to each control. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}
