/**
 * The signed-out page's first API call, from its URL (src/domain/page-data.ts, issue 24). The
 * server names it in the shell; the first-load browser test checks the app takes the answer.
 */
import { describe, expect, it } from 'vitest';
import { buildJobQuery } from '@/domain/filters';
import { firstDataUrl, jobListingFirstPageUrl } from '@/domain/page-data';
import { buildQueryString } from '@/domain/query-string';

describe('firstDataUrl', () => {
  it('is the listing the app asks for with no filters and no profile defaults', () => {
    expect(firstDataUrl('/jobs', '')).toBe(jobListingFirstPageUrl());
    expect(jobListingFirstPageUrl()).toBe(
      `/jobs-api/job/${buildQueryString(buildJobQuery({}, { defaults: null, lastKey: null, includeCompanyDetails: true }))}`,
    );
  });

  it('is the job for a job page, its id escaped once', () => {
    expect(firstDataUrl('/jobs/Acme/job-1', '')).toBe('/jobs-api/job/job-1');
    expect(firstDataUrl('/jobs/Acme/job%20a%2Fb/', '')).toBe('/jobs-api/job/job%20a%2Fb');
  });

  it('is nothing when the URL does not decide it', () => {
    expect(firstDataUrl('/jobs', 'searchText=react')).toBeNull();
    expect(firstDataUrl('/jobs/Acme/%E0%A4%A', '')).toBeNull();
    expect(firstDataUrl('/jobs/Acme', '')).toBeNull();
    expect(firstDataUrl('/', '')).toBeNull();
    expect(firstDataUrl('/saved-jobs', '')).toBeNull();
  });
});
