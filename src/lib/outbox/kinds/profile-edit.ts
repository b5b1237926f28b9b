/**
 * Edit the candidate's profile: `PATCH /user/{email}/profile` with the changed fields (issue 10).
 * Every edit is sent: a later one may change other fields than an earlier one.
 */
import { classifyFailure, isOk } from '../classify';
import { defineKind } from '../kind';

export type ProfileEditPayload = { readonly email: string } & Readonly<Record<string, unknown>>;

export const profileEditKind = defineKind<ProfileEditPayload>({
  label: 'Profile change',
  firstStep: 'send',
  coalesce: { mode: 'none' },
  async execute(action, context) {
    const { email, ...changes } = action.payload as ProfileEditPayload;
    const response = await context.send({
      method: 'PATCH',
      url: `${context.apiUrl}/user/${encodeURIComponent(email)}/profile`,
      body: changes,
    });
    return isOk(response)
      ? { type: 'done', outcome: 'saved', result: response.data }
      : classifyFailure(response);
  },
});
