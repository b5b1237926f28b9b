/**
 * The /jobs URL search params: the search text (spec §2: mirrored in `searchText`) and every
 * filter of spec §3, so a filtered listing can be shared, reloaded and opened offline. Each
 * field is checked on its own: a bad value from an old link is dropped, not an error page.
 * It lives beside the route, not in the feature: the route's options are in the first-load
 * bundle, and importing the feature's index here would pull the whole listing into it.
 */
import type { JobSearchParams } from '@/features/jobs';
import { boundedList, boundedText, oneOf } from '@/lib/stored-values';

const LIST_KEYS = [
  'location',
  'coreSkills',
  'softSkills',
  'technicalSkills',
  'companyName',
  'department',
  'industry',
  'workMode',
  'typeofEmployment',
] as const satisfies readonly (keyof JobSearchParams)[];
const TEXT_KEYS = [
  'searchText',
  'salaryRange',
  'experienceRange',
  'teamSize',
] as const satisfies readonly (keyof JobSearchParams)[];

const LIST_ITEMS = 30;
const LIST_ITEM_LENGTH = 100;
const TEXT_LENGTH = 200;

export function validateJobSearch(input: Record<string, unknown>): JobSearchParams {
  const out: JobSearchParams = {};
  for (const key of TEXT_KEYS) {
    const text = boundedText(input[key], TEXT_LENGTH);
    if (text !== undefined) out[key] = text;
  }
  for (const key of LIST_KEYS) {
    const list = boundedList(input[key], LIST_ITEMS, LIST_ITEM_LENGTH);
    if (list !== undefined) out[key] = list;
  }
  const dashboard = oneOf(input.dashboard, ['USER', 'EXTERNAL']);
  if (dashboard !== undefined) out.dashboard = dashboard;
  if (input.profileDefaults === 'off') out.profileDefaults = 'off';
  return out;
}
