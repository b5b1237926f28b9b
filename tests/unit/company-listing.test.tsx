import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests } from '@/lib/api/connectivity';
import { createDb, setDbForTests } from '@/lib/db';
import { deviceWritesSettled } from '@/lib/db/device';
import { renderApp } from './render-app';

// The real router, query client and Dexie (fake-indexeddb); only the network is faked.
const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

const urlOf = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : input, 'http://localhost');
const companyRequests = () =>
  fetchMock.mock.calls
    .map(([input]) => urlOf(input))
    .filter((url) => url.pathname === '/api/company')
    .map((url) => url.searchParams);

function serve(companies: () => Promise<Response>) {
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.pathname === '/api/company') return companies();
    if (url.pathname === '/jobs-api/job/facets')
      return Promise.resolve(
        json({
          data: {
            location: [],
            department: [],
            companyName: [],
            industry: [
              { value: 'Fintech', count: 9 },
              { value: 'Retail', count: 4 },
            ],
            coreSkills: [],
            technicalSkills: [],
            softSkills: [],
          },
          total: 13,
          generatedAt: '2026-11-22T10:00:00.000Z',
        }),
      );
    return Promise.resolve(new Response('{}', { status: 404 }));
  });
}

/** The company cards' names, in order. */
const cardNames = () =>
  screen
    .getAllByTestId('company-card')
    .map((card) => within(card).getByRole('heading').textContent);

const page = (rows: object[]) =>
  Promise.resolve(json({ data: rows, pagination: { lastKey: null } }));

let dbCount = 0;
beforeEach(() => {
  window.localStorage.clear();
  dbCount += 1;
  setDbForTests(createDb(`company-test-${dbCount}`));
  resetConnectivityForTests();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  setDbForTests(null);
  vi.unstubAllGlobals();
});

describe('/referrals company listing (spec §2 company mode)', () => {
  it('shows company cards with capitalised names, links and the referral/guidance targets', async () => {
    serve(() =>
      page([
        {
          SK: 'COMPANY#1',
          name: 'acme corp',
          logoUrl: '/api/company-logo/1.svg',
          linkedIn: 'https://www.linkedin.com/company/acme',
          careerUrl: 'https://acme.example/careers',
          industry: 'Fintech',
        },
      ]),
    );
    await renderApp('/referrals?searchText=acme');
    const card = await screen.findByTestId('company-card');
    expect(within(card).getByRole('heading', { name: 'Acme Corp' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Acme Corp on LinkedIn' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/company/acme',
    );
    expect(within(card).getByRole('link', { name: 'Request Referral' })).toHaveAttribute(
      'href',
      '/referrals/acme_corp/COMPANY%231',
    );
    expect(within(card).getByRole('link', { name: 'Request Guidance' })).toHaveAttribute(
      'href',
      '/guidance/acme%20corp/COMPANY%231',
    );
    expect(companyRequests().map(String)).toEqual(['filters=acme&pageSize=10']);

    // spec §2: a fallback icon when the logo fails to load.
    fireEvent.error(card.querySelector('img')!);
    expect(within(card).getByTestId('logo-fallback')).toBeInTheDocument();
  });

  it('shows "No Company Found" for an empty result', async () => {
    serve(() => page([]));
    await renderApp('/referrals');
    expect(await screen.findByRole('heading', { name: 'No Company Found' })).toBeInTheDocument();
  });
});

describe('/referrals filter panel (isVerified, industryName of GET /company)', () => {
  it('sends the chosen filters, mirrors them in the URL, and clears them', async () => {
    serve(() => page([{ SK: 'COMPANY#1', name: 'acme corp', industry: 'Fintech' }]));
    const { router } = await renderApp('/referrals');
    await screen.findByTestId('company-card');
    const panel = screen.getByRole('complementary', { name: 'Filters' });

    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Verified companies only' }));
    await waitFor(() => expect(companyRequests().at(-1)?.get('isVerified')).toBe('true'));
    expect(router.state.location.search).toEqual({ isVerified: true });

    const industries = within(panel).getByRole('group', { name: 'Industry' });
    fireEvent.click(await within(industries).findByRole('button', { name: 'Retail' }));
    await waitFor(() => expect(companyRequests().at(-1)?.get('industryName')).toBe('Retail'));
    expect(router.state.location.search).toEqual({ isVerified: true, industryName: 'Retail' });

    // Single choice: the chosen industry again turns the filter off; unchecked sends nothing.
    fireEvent.click(within(industries).getByRole('button', { name: 'Retail' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ isVerified: true }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Verified companies only' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    const last = companyRequests().at(-1);
    expect(last?.has('industryName')).toBe(false);
    expect(last?.has('isVerified')).toBe(false);
  });

  it('offers an industry from the link even when the facets do not know it', async () => {
    serve(() => page([]));
    await renderApp('/referrals?industryName=Space%20Mining');
    const industries = screen.getByRole('group', { name: 'Industry' });
    const chosen = await within(industries).findByRole('button', { name: 'Space Mining' });
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    expect(companyRequests()[0]?.get('industryName')).toBe('Space Mining');
  });

  it('offline, applies the same filters to the companies cached earlier', async () => {
    serve(() =>
      page([
        { SK: 'COMPANY#1', name: 'acme corp', industry: 'Fintech', isVerified: true },
        { SK: 'COMPANY#2', name: 'globex', industry: 'Retail', isVerified: false },
        { SK: 'COMPANY#3', name: 'initech', industry: 'Fintech', isVerified: false },
      ]),
    );
    const first = await renderApp('/referrals');
    await waitFor(() => expect(screen.getAllByTestId('company-card')).toHaveLength(3));
    first.unmount();

    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderApp('/referrals?industryName=fintech&isVerified=true');
    await waitFor(() => expect(cardNames()).toEqual(['Acme Corp']));
    expect(screen.getByText(/Showing saved results/)).toBeInTheDocument();
  });

  it('a listing opened before shows its first screen at once on the next load (first-screen.ts)', async () => {
    serve(() =>
      page([
        { SK: 'COMPANY#2', name: 'zenith motors', industry: 'Automotive' },
        { SK: 'COMPANY#1', name: 'acme corp', industry: 'Fintech' },
      ]),
    );
    const first = await renderApp('/referrals');
    await waitFor(() => expect(screen.getAllByTestId('company-card')).toHaveLength(2));
    await deviceWritesSettled();
    first.unmount();

    // The next load: the device database not read yet (a new, empty one) and the network silent.
    setDbForTests(createDb(`company-test-next-${dbCount}`));
    serve(() => new Promise<Response>(() => undefined));
    await renderApp('/referrals');
    await waitFor(() => expect(cardNames()).toEqual(['Zenith Motors', 'Acme Corp']));
  });
});
