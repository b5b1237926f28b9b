import { ContactCreatedSchema, type ContactRequestInput } from '@/domain/contract/contact';
import { api } from '@/lib/api';

export type { ContactRequestInput };

/** POST /api/contact-requests (the contract's contact area). Public: no sign-in, so no bearer
 * token. A 400's first field message arrives as the error. */
export function submitContactRequest(input: ContactRequestInput) {
  return api.post('/contact-requests', { schema: ContactCreatedSchema, body: input, auth: false });
}
