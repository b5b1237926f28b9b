import { useQuery } from '@tanstack/react-query';
import { DEPARTMENTS, INDUSTRIES } from '@/domain/job-catalog';
import { jobFacetsQuery } from './fetch-facets';

const FALLBACKS = { department: DEPARTMENTS, industry: INDUSTRIES } as const;

/**
 * The values a chip group offers: the facets' (most common first) when known, else the static
 * list; a value the user chose is always there, so it can be turned off. The facets persist in
 * the query cache, so the chips are the same offline (api/fetch-facets.ts).
 */
export function useFacetValues(
  name: keyof typeof FALLBACKS,
  chosen: readonly string[] = [],
): string[] {
  const { data: facets } = useQuery(jobFacetsQuery());
  const known =
    facets && facets[name].length > 0 ? facets[name].map((f) => f.value) : FALLBACKS[name];
  return [...new Set([...known, ...chosen])];
}
