/**
 * spec §7 `GET /user/basic-details` (authenticated): the signed-in candidate's basic details, as
 * the apply flow (profile state, spec §4) and the CV parse poll need them. Kept 24 h in the
 * persisted query cache so the profile state is known offline too.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  BasicDetailsAnswerSchema,
  BasicDetailsSchema,
  type BasicDetails,
} from '@/domain/contract/profile';
import type { ProfileFacts } from '@/domain/profile-state';
import { api } from '@/lib/api';

export { BasicDetailsSchema, type BasicDetails };

const DAY_MS = 24 * 60 * 60 * 1000;

export function fetchBasicDetails(): Promise<BasicDetails> {
  return api.get('/user/basic-details', { schema: BasicDetailsAnswerSchema }).then((r) => r.data);
}

export const basicDetailsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['basic-details', userId],
    queryFn: fetchBasicDetails,
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
