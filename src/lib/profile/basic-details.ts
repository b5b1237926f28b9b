/**
 * spec §7 `GET /user/basic-details` (authenticated): the signed-in candidate's basic details, as
 * the apply flow (profile state, spec §4) and the CV parse poll need them. Kept 24 h in the
 * persisted query cache so the profile state is known offline too.
 */
import { queryOptions } from '@tanstack/react-query';
import type { BasicDetails } from '@/domain/contract/profile';
import { ProfileErrors } from '@/domain/contract/profile-errors';
import type { ProfileFacts } from '@/domain/profile-state';
import { api, ApiError } from '@/lib/api';

export type { BasicDetails };

const DAY_MS = 24 * 60 * 60 * 1000;

export async function fetchBasicDetails(): Promise<BasicDetails> {
  // The response schema loads with the first fetch, not with the query: the listing reads this
  // query on every visitor's first render, and only a signed-in candidate ever fetches it, so a
  // signed-out first load carries no profile schemas (issue 24 item 2). It loads beside the
  // request, not before it (a round trip less before a signed-in listing's default filters).
  const schema = () => import('@/domain/contract/profile').then((m) => m.BasicDetailsAnswerSchema);
  const { data } = await api.get('/user/basic-details', { schema });
  // The listing's first request follows the profile from wherever the details were read (its
  // query builder loads then: a page without the listing does not carry it otherwise).
  void import('@/lib/listing-defaults')
    .then(({ keepListingFirstRequest, profileDefaults }) =>
      keepListingFirstRequest(profileDefaults(data)),
    )
    .catch(() => undefined);
  return data;
}

/**
 * "No profile yet" as the server says it: `GET /user/basic-details` answers 404, and
 * `GET /user/{email}/details` answers 403 with the one text it gives for a record that does not
 * exist or is not yours (no enumeration). Either means: send the user to /post-signup-form
 * (issue 26 item 1), never show the raw error.
 */
export function isMissingProfile(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 404) return true;
  return (
    error.status === 403 &&
    (error.message.includes(ProfileErrors.userNotVisible) ||
      error.message.includes(ProfileErrors.noProfile))
  );
}

const MAX_RETRIES = 3; // spec §9: up to 3 retries (not for "no profile", which is an answer)

export const basicDetailsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['basic-details', userId],
    queryFn: fetchBasicDetails,
    retry: (failures: number, error: Error) => !isMissingProfile(error) && failures < MAX_RETRIES,
    // Always re-read on mount (a CV parse or an edit elsewhere changes it); the persisted copy
    // shows at once and offline.
    staleTime: 0,
    gcTime: DAY_MS,
    meta: { persist: true },
  });

export function profileFacts(details: BasicDetails): ProfileFacts {
  return {
    CTC: details.CTC ?? null,
    YOE: details.YOE ?? null,
    isCvExtracted: details.isCvExtracted,
    designation: details.candidateExperience?.designation ?? null,
    skillCount: details.coreSkills.length + details.softSkills.length,
  };
}
