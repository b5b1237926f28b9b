/**
 * The home page's new jobs and top companies when the page did not come with them (a later visit
 * to `/` in the app, a signed-in visitor, a page the service worker served): fetched directly, no
 * query cache or local database (issue 24: `/`'s first load). Its own chunk, with the answers'
 * schemas loaded beside the calls. Offline or on an error the section stays out of the way: the
 * rest of the page works without it.
 */
import { useEffect, useState } from 'react';
import {
  FEATURED_JOBS,
  homeHighlights,
  TOP_COMPANIES,
  type HomeHighlights,
} from '@/domain/home-highlights';
import { api } from '@/lib/api';
import { HighlightsView } from './home-highlights-view';

function useHighlights(): HomeHighlights | null {
  const [data, setData] = useState<HomeHighlights | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    void Promise.all([
      api.get('/job/', {
        base: 'jobs',
        schema: () => import('@/domain/contract/jobs').then((contract) => contract.JobPageSchema),
        query: { pageSize: FEATURED_JOBS, includeCompanyDetails: true },
        signal,
      }),
      api.get('/companies/top', {
        schema: () =>
          import('@/domain/contract/companies').then((contract) => contract.TopCompaniesSchema),
        query: { limit: TOP_COMPANIES },
        signal,
      }),
    ])
      .then(([jobs, companies]) => setData(homeHighlights(jobs.data, companies.data)))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return data;
}

export default function FetchedHighlights() {
  const data = useHighlights();
  return data ? <HighlightsView highlights={data} /> : null;
}
