import * as z from 'zod/mini';
import { api } from '@/lib/api';

/** The corporate contact form as POST /api/contact-requests takes it (server/contact/schema.ts). */
export interface ContactRequestInput {
  name: string;
  email: string;
  company: string;
  phone: string;
  teamSize: string;
  message: string;
}

const ContactRequestCreatedSchema = z.object({ id: z.string(), receivedAt: z.string() });

/** Public: no sign-in, so no bearer token. A 400's first field message arrives as the error. */
export function submitContactRequest(input: ContactRequestInput) {
  return api.post('/contact-requests', {
    schema: ContactRequestCreatedSchema,
    body: input,
    auth: false,
  });
}
