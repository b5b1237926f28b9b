/**
 * The corporate contact form's fields and checks: the contract's schema
 * (src/domain/contract/contact.ts), the one the server validates with and the authority. They
 * run here first so a person sees every problem at once, next to its field, without a round trip
 * (and while offline).
 */
import * as z from 'zod/mini';
import {
  ContactRequestSchema,
  contactFieldErrors,
  type ContactRequestInput,
} from '@/domain/contract/contact';

export { TEAM_SIZES } from '@/domain/job-catalog';

export type ContactField = keyof ContactRequestInput;
export type ContactErrors = Partial<Record<ContactField, string>>;

export function validateContactRequest(input: ContactRequestInput): ContactErrors {
  const parsed = z.safeParse(ContactRequestSchema, input);
  return parsed.success ? {} : contactFieldErrors(parsed.error.issues);
}
