import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests } from '@/lib/api/connectivity';
import { createDb, setDbForTests } from '@/lib/db';
import { renderApp } from '../render-app';

// The real router, query client and Dexie (fake-indexeddb); only the network is faked.
const fetchMock = vi.fn<typeof fetch>();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const urlOf = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : input, 'http://localhost');

const facets = {
  data: {
    location: [
      { value: 'Pune', count: 40 },
      { value: 'Kochi', count: 3 },
    ],
    department: [
      { value: 'Data', count: 30 },
      { value: 'Quantum Research', count: 2 },
    ],
    companyName: [{ value: 'Acme Corp', count: 12 }],
    industry: [{ value: 'Fintech', count: 9 }],
    coreSkills: [{ value: 'React', count: 50 }],
    technicalSkills: [],
    softSkills: [{ value: 'Teamwork', count: 5 }],
  },
  total: 43,
  generatedAt: '2026-11-22T10:00:00.000Z',
};

function serve(facetsResponse: () => Response) {
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.pathname === '/jobs-api/job/facets') return Promise.resolve(facetsResponse());
    if (url.pathname === '/jobs-api/job/')
      return Promise.resolve(json({ data: [], pagination: { lastKey: null } }));
    return Promise.resolve(json({ errorMsg: 'not found' }, 404));
  });
}

const jobRequests = () =>
  fetchMock.mock.calls
    .map(([input]) => urlOf(input))
    .filter((url) => url.pathname === '/jobs-api/job/')
    .map((url) => url.searchParams);

let dbCount = 0;
beforeEach(() => {
  dbCount += 1;
  setDbForTests(createDb(`filter-facets-${dbCount}`));
  resetConnectivityForTests();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  setDbForTests(null);
  vi.unstubAllGlobals();
});

describe('filter panel values from GET /job/facets', () => {
  it('offers the facet values: department chips and suggestions for typed filters', async () => {
    serve(() => json(facets));
    await renderApp('/jobs');
    const panel = screen.getByRole('complementary', { name: 'Filters' });
    const departments = within(panel).getByRole('group', { name: 'Department' });
    await within(departments).findByRole('button', { name: 'Quantum Research' });
    expect(
      within(departments)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Data', 'Quantum Research']);
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).search === '?limit=100')).toBe(true);

    const city = within(panel).getByLabelText('Location (city)');
    // The suggestions render in a deferred pass (filter-panel.tsx), a moment after the chips.
    await waitFor(() => {
      const list = document.getElementById(city.getAttribute('list') ?? '');
      expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.textContent)).toEqual([
        'Pune (40)',
        'Kochi (3)',
      ]);
    });

    // Enter adds a chosen value (the URL and the request follow); it leaves the suggestions.
    await userEvent.type(city, 'Kochi{Enter}');
    await waitFor(() => expect(jobRequests().at(-1)?.get('location')).toBe('Kochi'));
    const remove = within(panel).getByRole('button', { name: 'Remove Kochi' });
    expect(
      [
        ...(document.getElementById(city.getAttribute('list') ?? '')?.querySelectorAll('option') ??
          []),
      ].map((o) => o.getAttribute('value')),
    ).toEqual(['Pune']);
    await userEvent.click(remove);
    await waitFor(() => expect(jobRequests().at(-1)?.has('location')).toBe(false));
  });

  it('falls back to the static lists when the facets cannot be had', async () => {
    serve(() => json({ errorMsg: 'down' }, 503));
    await renderApp('/jobs');
    const panel = screen.getByRole('complementary', { name: 'Filters' });
    const departments = within(panel).getByRole('group', { name: 'Department' });
    expect(within(departments).getByRole('button', { name: 'Engineering' })).toBeInTheDocument();
    expect(within(departments).queryByRole('button', { name: 'Quantum Research' })).toBeNull();
    expect(within(panel).getByLabelText('Location (city)')).not.toHaveAttribute('list');
  });

  it('rejects a malformed facets answer (zod) and keeps the fallback', async () => {
    serve(() => json({ data: { location: 'Pune' } }));
    await renderApp('/jobs');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === '/jobs-api/job/facets'),
      ).not.toHaveLength(0),
    );
    const departments = screen.getByRole('group', { name: 'Department' });
    expect(within(departments).getByRole('button', { name: 'Engineering' })).toBeInTheDocument();
  });

  it("on a phone, the filters are the sheet's: no hidden panel in the page, values still fetched", async () => {
    const { happyDOM } = window as unknown as {
      happyDOM: { setViewport(size: { width: number; height: number }): void };
    };
    happyDOM.setViewport({ width: 390, height: 844 });
    try {
      serve(() => json(facets));
      await renderApp('/jobs');
      await screen.findByRole('button', { name: /^Filters/ });
      // Fetched for the sheet and for offline use (the query cache persists it).
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([input]) => urlOf(input).search === '?limit=100')).toBe(
          true,
        ),
      );
      expect(screen.queryByRole('complementary', { name: 'Filters' })).toBeNull();
      expect(document.querySelectorAll('option')).toHaveLength(0);

      // Wider than a phone (turned, or a window resized), the side column comes back.
      happyDOM.setViewport({ width: 1024, height: 768 });
      const panel = await screen.findByRole('complementary', { name: 'Filters' });
      const departments = within(panel).getByRole('group', { name: 'Department' });
      await within(departments).findByRole('button', { name: 'Quantum Research' });
    } finally {
      happyDOM.setViewport({ width: 1024, height: 768 });
    }
  });
});
