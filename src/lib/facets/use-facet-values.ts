import { useQuery } from '@tanstack/react-query';
import { DEPARTMENTS, INDUSTRIES } from '@/domain/job-catalog';
import { useFirstScreenShown } from '../first-screen-shown';
import { jobFacetsQuery, type JobFacets } from './fetch-facets';

const FALLBACKS = { department: DEPARTMENTS, industry: INDUSTRIES } as const;

/**
 * The facets, asked for once the page's first screen is shown (issue 24): the panel's suggestions
 * are not on that screen (folded away on a phone), and on a slow connection their 3 KB shared it
 * with the listing's own answer. Until then the persisted copy, or nothing (the static lists).
 */
export function useJobFacets(): JobFacets | undefined {
  const shown = useFirstScreenShown();
  return useQuery({ ...jobFacetsQuery(), enabled: shown }).data;
}

/**
 * The values a chip group offers: the facets' (most common first) when known, else the static
 * list; a value the user chose is always there, so it can be turned off. The facets persist in
 * the query cache, so the chips are the same offline (api/fetch-facets.ts).
 */
export function useFacetValues(
  name: keyof typeof FALLBACKS,
  chosen: readonly string[] = [],
): string[] {
  const facets = useJobFacets();
  const known =
    facets && facets[name].length > 0 ? facets[name].map((f) => f.value) : FALLBACKS[name];
  return [...new Set([...known, ...chosen])];
}
