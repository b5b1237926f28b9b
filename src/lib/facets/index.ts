/**
 * `GET /job/facets` (spec §7, cached 60 s and persisted): the values the filter chips and
 * suggestions offer, in job mode and company mode alike.
 */
export { jobFacetsQuery, type FacetName } from './fetch-facets';
export { useFacetValues, useJobFacets } from './use-facet-values';
