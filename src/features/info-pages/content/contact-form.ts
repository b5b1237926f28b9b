/**
 * The corporate contact form's fields and checks. The server checks the same rules with zod
 * (server/contact/schema.ts) and is the authority; these run first so a person sees every
 * problem at once, next to its field, without a round trip (and while offline).
 */
import type { ContactRequestInput } from '../api/submit-contact-request';

export const TEAM_SIZES = ['1-10', '10-50', '50-100', '100-500', '500-1000', '1000-5000', '5000+'];

export type ContactField = keyof ContactRequestInput;
export type ContactErrors = Partial<Record<ContactField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

export function validateContactRequest(input: ContactRequestInput): ContactErrors {
  const errors: ContactErrors = {};
  const name = input.name.trim();
  const company = input.company.trim();
  const message = input.message.trim();
  const phone = input.phone.trim();
  if (name.length < 2) errors.name = 'Please enter your name (at least 2 characters).';
  else if (name.length > 100) errors.name = 'Please keep your name under 100 characters.';
  if (!EMAIL.test(input.email.trim()))
    errors.email = 'Please enter a valid email address, like name@company.com.';
  if (company.length < 2) errors.company = 'Please enter your company name.';
  if (phone && !PHONE.test(phone))
    errors.phone = 'Please enter a valid phone number, like +91 98765 43210.';
  if (!TEAM_SIZES.includes(input.teamSize)) errors.teamSize = 'Please choose your team size.';
  if (message.length < 20)
    errors.message = 'Please tell us a little more (at least 20 characters).';
  else if (message.length > 2000) errors.message = 'Please keep the message under 2000 characters.';
  return errors;
}
