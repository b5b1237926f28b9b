/**
 * The home page's new jobs and top companies (issue 26 item 10, issue 24): drawn from the section
 * the server's first screen carries when it is there (no call), otherwise fetched from the API.
 * The real router and page; only the network is faked.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_HIGHLIGHTS } from '@/domain/home-copy';
import { HIGHLIGHTS_DATA_ID, highlightsJson, type HomeHighlights } from '@/domain/home-highlights';
import { resetConnectivityForTests } from '@/lib/api/connectivity';
import { renderApp } from './render-app';

const fetchMock = vi.fn<typeof fetch>();
const urlOf = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : input, 'http://localhost');
const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const SERVED: HomeHighlights = {
  jobs: [
    {
      id: 'job-1',
      title: 'Data Analyst',
      companyName: 'Peacock Analytics',
      city: 'Pune',
      logoUrl: null,
    },
  ],
  companies: [{ name: 'Acme Corp', logoUrl: null, openJobs: 1 }],
};

beforeEach(() => {
  window.localStorage.clear();
  resetConnectivityForTests();
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.pathname === '/jobs-api/job/')
      return Promise.resolve(
        json({
          data: [
            {
              id: 'job-9',
              jobTitle: 'Platform Engineer',
              companyName: 'Orbit Labs',
              createdAt: '2026-11-20T00:00:00Z',
              location: { city: 'Chennai' },
            },
          ],
          pagination: { lastKey: null },
        }),
      );
    if (url.pathname === '/api/companies/top')
      return Promise.resolve(
        json({
          data: [{ SK: 'c1', name: 'Orbit Labs', logoUrl: null, industry: null, openJobs: 2 }],
        }),
      );
    return Promise.resolve(new Response('{}', { status: 404 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  document.getElementById(HIGHLIGHTS_DATA_ID)?.remove();
  vi.unstubAllGlobals();
});

const highlightCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => urlOf(input).pathname)
    .filter((path) => path === '/jobs-api/job/' || path === '/api/companies/top');

describe('the home page’s new jobs and top companies', () => {
  it('draws the section the server sent with the page, without asking the API', async () => {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = HIGHLIGHTS_DATA_ID;
    data.textContent = highlightsJson(SERVED);
    document.body.append(data);

    await renderApp('/');
    const jobs = screen.getByRole('region', { name: HOME_HIGHLIGHTS.jobsTitle });
    expect(within(jobs).getByRole('link', { name: 'Data Analyst' })).toHaveAttribute(
      'href',
      '/jobs/Peacock_Analytics/job-1',
    );
    const companies = screen.getByRole('region', { name: HOME_HIGHLIGHTS.companiesTitle });
    expect(within(companies).getByRole('link', { name: /Acme Corp/ })).toHaveTextContent(
      '1 open job',
    );
    expect(highlightCalls()).toEqual([]);
  });

  it('asks the API for them when the page did not come with them', async () => {
    await renderApp('/');
    const jobs = await screen.findByRole('region', { name: HOME_HIGHLIGHTS.jobsTitle });
    expect(within(jobs).getByRole('link', { name: 'Platform Engineer' })).toHaveAttribute(
      'href',
      '/jobs/Orbit_Labs/job-9',
    );
    const companies = screen.getByRole('region', { name: HOME_HIGHLIGHTS.companiesTitle });
    expect(within(companies).getByRole('link', { name: /Orbit Labs/ })).toHaveTextContent(
      '2 open jobs',
    );
    expect(highlightCalls().sort()).toEqual(['/api/companies/top', '/jobs-api/job/']);
  });

  it('draws nothing, and asks nothing, when a page carried an empty section', async () => {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = HIGHLIGHTS_DATA_ID;
    data.textContent = highlightsJson({ jobs: [], companies: [] });
    document.body.append(data);
    await renderApp('/');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: HOME_HIGHLIGHTS.jobsTitle })).toBeNull();
    expect(highlightCalls()).toEqual([]);
  });
});
