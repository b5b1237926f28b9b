/**
 * Which of the profile's default filters (src/lib/profile/listing-defaults.ts, spec §4) a built
 * query still carries (spec §5 may have dropped some), for the listing's notice.
 */
import type { DefaultFilters, JobQueryParams } from '@/domain/filters';
import type { AppliedDefaults } from '@/domain/profile-suggestion';

export function appliedDefaults(
  defaults: DefaultFilters | null,
  query: JobQueryParams,
  userSkills: readonly string[] | null | undefined,
): AppliedDefaults | null {
  if (!defaults) return null;
  const applied = {
    jobTitle: query.jobTitle,
    // Skills the user chose replace the default ones: then none of them is a default.
    coreSkills: userSkills && userSkills.length > 0 ? undefined : query.coreSkills,
    YOE: query.YOE,
  };
  return applied.jobTitle || applied.coreSkills || applied.YOE !== undefined ? applied : null;
}
