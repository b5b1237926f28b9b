/**
 * Edit the candidate's profile: `PATCH /user/{email}/profile` with the changed fields (issue 10).
 * Every edit is sent: a later one may change other fields than an earlier one.
 */
import * as z from 'zod/mini';
import {
  BasicDetailsAnswerSchema,
  type ProfileChangesInput,
} from '../../../domain/contract/profile';
import { classifyFailure, isOk } from '../classify';
import { defineKind } from '../kind';

/** Whose profile, and the contract's PATCH body (the changed fields). */
export type ProfileEditPayload = { readonly email: string } & Readonly<ProfileChangesInput>;

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
    if (!isOk(response)) return classifyFailure(response);
    // Saved either way; the basic details it answers with are kept when they read as such.
    const answer = z.safeParse(BasicDetailsAnswerSchema, response.data);
    return { type: 'done', outcome: 'saved', ...(answer.success ? { result: answer.data } : {}) };
  },
});
