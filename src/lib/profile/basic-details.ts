/**
 * spec §7 `GET /user/basic-details` (authenticated): the signed-in candidate's basic details, as
 * the apply flow (profile state, spec §4) and the CV parse poll need them. Kept 24 h in the
 * persisted query cache so the profile state is known offline too.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ProfileFacts } from '@/domain/profile-state';
import { api } from '@/lib/api';

const Skill = z.object({ skillName: z.string() });

export const BasicDetailsSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  candidateExperience: z.optional(
    z.nullable(z.object({ designation: z.optional(z.nullable(z.string())) })),
  ),
  coreSkills: z._default(z.array(Skill), []),
  softSkills: z._default(z.array(Skill), []),
  YOE: z.optional(z.nullable(z.number())),
  CTC: z.optional(z.nullable(z.number())),
  isCvExtracted: z._default(z.boolean(), false),
  cvParseError: z.optional(z.nullable(z.string())),
  // The rest of the editable profile (issue 10): optional, so data persisted by an older build
  // still reads. CTC/ECTC in lakhs per annum, noticePeriod in days.
  technicalSkills: z.optional(z.array(Skill)),
  ECTC: z.optional(z.nullable(z.number())),
  noticePeriod: z.optional(z.nullable(z.number())),
  location: z.optional(z.nullable(z.string())),
  about: z.optional(z.nullable(z.string())),
  CV: z.optional(z.nullable(z.string())),
  cvUpdatedAt: z.optional(z.nullable(z.string())),
  referralCount: z.optional(z.nullable(z.number())),
});
export type BasicDetails = z.infer<typeof BasicDetailsSchema>;

const ResponseSchema = z.object({ data: BasicDetailsSchema });

const DAY_MS = 24 * 60 * 60 * 1000;

export function fetchBasicDetails(): Promise<BasicDetails> {
  return api.get('/user/basic-details', { schema: ResponseSchema }).then((r) => r.data);
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
