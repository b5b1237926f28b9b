/**
 * Default listing filters from the candidate's profile (spec §4 "Profile state after the
 * basic-details fetch"): when the profile is complete (CTC present, CV extracted, plus
 * designation or skills or YOE), the listing starts with the default filters jobTitle (the
 * designation), coreSkills and YOE. An incomplete profile gives no defaults. Which defaults a
 * user's own choices drop is spec §5, applied by buildJobQuery (src/domain/filters.ts).
 */
import type { DefaultFilters, JobQueryParams } from '@/domain/filters';
import { profileState } from '@/domain/profile-state';
import type { BasicDetails } from '@/lib/profile';

/**
 * The server takes at most 1,000 characters of coreSkills (server/jobs/job-query.ts); a CV can
 * list dozens. The first ones are the CV's own order, its strongest skills as the parser read
 * them.
 */
export const MAX_DEFAULT_SKILLS = 10;

type Details = Pick<
  BasicDetails,
  'CTC' | 'YOE' | 'isCvExtracted' | 'candidateExperience' | 'coreSkills' | 'softSkills'
>;

export function profileDefaults(details: Details | null | undefined): DefaultFilters | null {
  if (!details) return null;
  const designation = details.candidateExperience?.designation?.trim() || null;
  const state = profileState({
    CTC: details.CTC ?? null,
    YOE: details.YOE ?? null,
    isCvExtracted: details.isCvExtracted,
    designation,
    skillCount: details.coreSkills.length + details.softSkills.length,
  });
  if (!state.complete) return null;
  const coreSkills = [
    ...new Set(details.coreSkills.map((skill) => skill.skillName.trim()).filter(Boolean)),
  ].slice(0, MAX_DEFAULT_SKILLS);
  const defaults: DefaultFilters = {
    jobTitle: designation,
    coreSkills: coreSkills.length > 0 ? coreSkills : null,
    YOE: details.YOE ?? null,
  };
  return defaults.jobTitle || defaults.coreSkills || defaults.YOE != null ? defaults : null;
}

/** The defaults a built query still carries (spec §5 may have dropped some), for the notice. */
export function appliedDefaults(
  defaults: DefaultFilters | null,
  query: JobQueryParams,
  userSkills: readonly string[] | null | undefined,
): { jobTitle?: string; coreSkills?: string; YOE?: number } | null {
  if (!defaults) return null;
  const applied = {
    jobTitle: query.jobTitle,
    // Skills the user chose replace the default ones: then none of them is a default.
    coreSkills: userSkills && userSkills.length > 0 ? undefined : query.coreSkills,
    YOE: query.YOE,
  };
  return applied.jobTitle || applied.coreSkills || applied.YOE !== undefined ? applied : null;
}
