/**
 * Default listing filters from the candidate's profile (spec §4 "Profile state after the
 * basic-details fetch"): when the profile is complete (CTC present, CV extracted, plus
 * designation or skills or YOE), the listing starts with the default filters jobTitle (the
 * designation), coreSkills and YOE. An incomplete profile gives no defaults. Which defaults a
 * user's own choices drop is spec §5, applied by buildJobQuery (src/domain/filters.ts).
 *
 * Here, beside the basic details, so that the listing's first request is known (and kept in its
 * cookie, src/domain/listing-cookie.ts) as soon as the details arrive, on whatever page: a
 * candidate who has just signed in gets the server's first screen on their next load of `/jobs`.
 */
import type { BasicDetails } from '@/domain/contract/profile';
import { buildJobQuery, type DefaultFilters } from '@/domain/filters';
import { listingCookieAssignment, listingCookieValue } from '@/domain/listing-cookie';
import { profileState } from '@/domain/profile-state';
import { buildQueryString } from '@/domain/query-string';
import { hasSignedInCookie } from '@/domain/signed-in-cookie';

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

/**
 * The query string a bare `/jobs` (no search, no filter of the user's own) asks for first, from
 * the profile's default filters (null: none): the one request the listing cookie may hold. Not in
 * src/domain/listing-cookie.ts: the sign-out that clears the cookie is in every page's entry, the
 * listing's query builder is not.
 */
export function bareListingQuery(defaults: DefaultFilters | null): string {
  return buildQueryString(buildJobQuery({}, { defaults, includeCompanyDetails: true }));
}

/**
 * Keeps the bare listing's first request (from `defaults`) in the listing cookie, for a signed-in
 * browser, so the server can name its answer and show its first screen on the next load of
 * `/jobs` (issue 24).
 */
export function keepListingFirstRequest(defaults: DefaultFilters | null): void {
  try {
    if (!hasSignedInCookie(document.cookie)) return;
    const query = bareListingQuery(defaults);
    if (listingCookieValue(document.cookie) === query) return;
    document.cookie = listingCookieAssignment(query, window.location.protocol === 'https:');
  } catch {
    // Cookies blocked: the next load only misses the first screen.
  }
}
