/**
 * `POST /user/profile` (issue 10; not in spec §7): the product profile of a new sign-up, made from
 * /post-signup-form. Online only: the profile must exist before anything else (applications, CV
 * uploads, profile edits) can refer to it, so it is not queued. 409 when it already exists.
 */
import { BasicDetailsAnswerSchema, type BasicDetails } from '@/domain/contract/profile';
import { api } from '@/lib/api';
import { loadAuthActions } from '@/lib/auth';
import type { ProfileChanges } from '../profile-values';

export type NewProfile = ProfileChanges & { email: string; fullName: string };

/** Sent with the ID token: the server takes the email only from a token that proves it. */
export async function createProfile(profile: NewProfile): Promise<BasicDetails> {
  const { currentIdToken } = await loadAuthActions();
  const idToken = await currentIdToken();
  if (!idToken) throw new Error('Please sign in again to create your profile.');
  const response = await api.post('/user/profile', {
    body: profile,
    schema: BasicDetailsAnswerSchema,
    bearer: idToken,
  });
  return response.data;
}
