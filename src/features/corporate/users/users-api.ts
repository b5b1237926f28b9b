/**
 * The company's users and invites (issue 20 item 3; contract src/domain/contract/corporate-users
 * .ts). Online only: each is an admin's decision the server must check (spec §6) before the screen
 * says it happened. Accepting an invite sends the ID token: the server takes the email only from
 * a token that proves it.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  CompanyUserAnswerSchema,
  CompanyUsersAnswerSchema,
  InviteAnswerSchema,
  InviteViewSchema,
  type CorporateRole,
} from '@/domain/contract/corporate-users';
import { api } from '@/lib/api';
import { loadAuthActions } from '@/lib/auth';

export const companyUsersQuery = (userId: string) =>
  queryOptions({
    queryKey: ['corporate-users', userId] as const,
    queryFn: ({ signal }) =>
      api.get('/corporate/users', { schema: CompanyUsersAnswerSchema, signal }).then((r) => r.data),
  });

export function inviteUser(email: string, role: CorporateRole) {
  return api
    .post('/corporate/users/invites', { schema: InviteAnswerSchema, body: { email, role } })
    .then((r) => r.data);
}

export function changeUser(userId: string, change: { role?: CorporateRole; active?: boolean }) {
  return api
    .patch(`/corporate/users/${encodeURIComponent(userId)}`, {
      schema: CompanyUserAnswerSchema,
      body: change,
    })
    .then((r) => r.data);
}

export function fetchInvite(token: string) {
  return api
    .get(`/corporate/invites/${encodeURIComponent(token)}`, {
      schema: InviteViewSchema,
      auth: false,
    })
    .then((r) => r.data);
}

export async function acceptInvite(token: string) {
  const { currentIdToken } = await loadAuthActions();
  const idToken = await currentIdToken();
  if (!idToken) throw new Error('Sign in with the invited email address to accept.');
  return api
    .post(`/corporate/invites/${encodeURIComponent(token)}/accept`, {
      schema: CompanyUserAnswerSchema,
      bearer: idToken,
    })
    .then((r) => r.data);
}
