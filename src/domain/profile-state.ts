/**
 * Profile state after the basic-details fetch (spec §4):
 * - complete: CTC present, CV extracted, plus designation or skills or YOE;
 * - otherwise incomplete: when basic fields are missing the Profile Incomplete dialog offers
 *   Update Profile (/post-signup-form); when they exist but nothing came from a CV, Update Resume.
 * "Basic fields" is ours to define (the spec does not list them): CTC and at least one of
 * designation, skills or YOE, i.e. what the sign-up form collects.
 */
export interface ProfileFacts {
  readonly CTC?: number | null;
  readonly YOE?: number | null;
  readonly isCvExtracted?: boolean | null;
  readonly designation?: string | null;
  readonly skillCount?: number;
}

export type ProfileState =
  | { readonly complete: true }
  | { readonly complete: false; readonly offer: 'updateProfile' | 'updateResume' };

export function profileState(facts: ProfileFacts): ProfileState {
  const hasExperience =
    Boolean(facts.designation?.trim()) || (facts.skillCount ?? 0) > 0 || facts.YOE != null;
  const hasBasics = facts.CTC != null && hasExperience;
  if (!hasBasics) return { complete: false, offer: 'updateProfile' };
  if (!facts.isCvExtracted) return { complete: false, offer: 'updateResume' };
  return { complete: true };
}
