/**
 * The home page's new jobs and top companies as one shape for the server's first screen and the
 * app (issue 24): the same section from the API's answers, its JSON safe in the HTML, read back
 * only when it has the shape, and the company links as the app's router writes them.
 */
import { defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { TopCompany } from '@/domain/contract/companies';
import type { Job } from '@/domain/contract/jobs';
import {
  companyJobsHref,
  FEATURED_JOBS,
  hasHighlights,
  highlightsFromJson,
  highlightsJson,
  homeHighlights,
  TOP_COMPANIES,
} from '@/domain/home-highlights';

const job = (n: number, extra: Partial<Job> = {}) =>
  ({
    id: `job-${n}`,
    jobTitle: `Engineer ${n}`,
    companyName: 'Acme Corp',
    createdAt: '2026-11-01T00:00:00Z',
    location: { city: 'Pune' },
    ...extra,
  }) as Job;
const company = (n: number): TopCompany => ({
  SK: `c${n}`,
  name: `Company ${n}`,
  logoUrl: n % 2 ? `/api/company-logo/c${n}.svg` : null,
  industry: null,
  openJobs: n,
});

describe('homeHighlights', () => {
  it('takes what the section shows from the two answers, as many as it shows', () => {
    const jobs = [
      job(1, { companyDetails: { logoUrl: '/logo-a.svg' } }),
      job(2, { location: undefined, companyLogoUrl: '/logo-b.svg' }),
      ...[3, 4, 5].map((n) => job(n)),
    ];
    const companies = Array.from({ length: 8 }, (_, index) => company(index + 1));
    const section = homeHighlights(jobs, companies);
    expect(section.jobs).toHaveLength(FEATURED_JOBS);
    expect(section.jobs[0]).toEqual({
      id: 'job-1',
      title: 'Engineer 1',
      companyName: 'Acme Corp',
      city: 'Pune',
      logoUrl: '/logo-a.svg',
    });
    expect(section.jobs[1]).toMatchObject({ city: null, logoUrl: '/logo-b.svg' });
    expect(section.jobs[2]).toMatchObject({ logoUrl: null });
    expect(section.companies).toHaveLength(TOP_COMPANIES);
    expect(section.companies[1]).toEqual({ name: 'Company 2', logoUrl: null, openJobs: 2 });
    expect(hasHighlights(section)).toBe(true);
    expect(hasHighlights(homeHighlights([], []))).toBe(false);
  });
});

describe('the section in the HTML', () => {
  it('cannot close its script tag, and reads back the same', () => {
    const section = homeHighlights(
      [job(1, { jobTitle: '</script><script>alert(1)</script>' })],
      [],
    );
    const text = highlightsJson(section);
    expect(text).not.toContain('<');
    expect(highlightsFromJson(text)).toEqual(section);
  });

  it('is not read when it does not have the shape (another build, a broken page)', () => {
    const good = JSON.parse(highlightsJson(homeHighlights([job(1)], [company(1)]))) as {
      jobs: Record<string, unknown>[];
      companies: Record<string, unknown>[];
    };
    expect(highlightsFromJson('not json')).toBeNull();
    expect(highlightsFromJson('null')).toBeNull();
    expect(highlightsFromJson(JSON.stringify({ jobs: [] }))).toBeNull();
    expect(
      highlightsFromJson(JSON.stringify({ ...good, jobs: [{ ...good.jobs[0], id: 7 }] })),
    ).toBeNull();
    expect(
      highlightsFromJson(
        JSON.stringify({ ...good, companies: [{ ...good.companies[0], openJobs: '3' }] }),
      ),
    ).toBeNull();
    expect(highlightsFromJson(JSON.stringify(good))).toEqual(good);
  });
});

describe('companyJobsHref', () => {
  it("is the link the app's router makes for a company's jobs", () => {
    for (const name of ['Acme Corp', 'R&D "Labs"', 'Café / Ünïcode']) {
      expect(companyJobsHref(name)).toBe(`/jobs${defaultStringifySearch({ companyName: [name] })}`);
    }
  });
});
