import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests } from '@/lib/api/connectivity';
import { createDb, setDbForTests, upsertJobs } from '@/lib/db';
import { deviceWritesSettled } from '@/lib/db/device';
import { REFRESH_NOTE_DELAY_MS } from '@/lib/ui/listing';
import { renderApp } from './render-app';

// The real router, query client and Dexie (fake-indexeddb); only the network is faked.
const fetchMock = vi.fn<typeof fetch>();

function job(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `job-${n}`,
    jobTitle: `Engineer ${n}`,
    companyName: 'Acme Corp',
    coreSkills: ['React'],
    softSkills: [],
    technicalSkills: [],
    location: { city: 'Pune', fullLocation: ['Pune'] },
    salaryRange: { min: 10, max: 9999 },
    displaySalaryRange: true,
    experienceRange: { min: 2, max: 5 },
    workMode: 'Remote',
    createdAt: new Date(Date.UTC(2026, 0, n)).toISOString(),
    jobDescription: '<p>Build <b>things</b></p>',
    isExternal: n === 1,
    ...overrides,
  };
}

function page(rows: unknown[], lastKey: string | null) {
  return new Response(
    JSON.stringify({ data: rows, pagination: { lastKey, s3VectorLastKey: null } }),
    {
      status: 200,
      headers: { 'content-type': 'application/json' },
    },
  );
}

let dbCount = 0;
beforeEach(() => {
  window.localStorage.clear();
  dbCount += 1;
  setDbForTests(createDb(`listing-test-${dbCount}`));
  resetConnectivityForTests();
  fetchMock.mockReset();
  // The filter panel's facets (tests/unit/jobs/filter-facets.test.tsx) are answered apart, so
  // the calls below are the listing's own, in order.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input instanceof Request ? input.url : input).includes('/job/facets')
      ? Promise.resolve(new Response('{"errorMsg":"Not found"}', { status: 404 }))
      : fetchMock(input, init),
  );
});

afterEach(() => {
  setDbForTests(null);
  vi.unstubAllGlobals();
});

describe('/jobs listing', () => {
  it('renders fetched jobs from the cache with the display rules, then loads more', async () => {
    fetchMock.mockResolvedValueOnce(
      page([job(3), job(2, { salaryRange: { min: null, max: 5 } }), job(1)], 'k1'),
    );
    await renderApp('/jobs');
    const cards = await screen.findAllByTestId('job-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('10+ LPA')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Not Disclosed')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('External')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0] as string).toContain('pageSize=10');

    fetchMock.mockResolvedValueOnce(page([job(0)], null));
    await userEvent.click(screen.getByRole('button', { name: 'Find More Jobs' }));
    await waitFor(() => expect(screen.getAllByTestId('job-card')).toHaveLength(4));
    expect(fetchMock.mock.calls[1]![0] as string).toMatch(/pageSize=30&lastKey=k1/);
    expect(screen.getByText(/we hit a dead end/i)).toBeInTheDocument();
  });

  it('shows "No Jobs Found" with hints for an empty result', async () => {
    fetchMock.mockResolvedValue(page([], null));
    await renderApp('/jobs?searchText=nothing');
    expect(await screen.findByRole('heading', { name: 'No Jobs Found' })).toBeInTheDocument();
  });

  it('shows "Something went wrong" when the server fails', async () => {
    fetchMock.mockResolvedValue(new Response('{"errorMsg":"bad"}', { status: 400 }));
    await renderApp('/jobs');
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
  });

  it('offline: filters and searches the cache locally with a banner', async () => {
    await upsertJobs([job(1), job(2, { jobTitle: 'Data Analyst', coreSkills: ['SQL'] })]);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderApp('/jobs?searchText=sql');
    expect(await screen.findByTestId('cached-banner')).toHaveTextContent('Showing saved results');
    const cards = await screen.findAllByTestId('job-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Data Analyst',
    ]);
  });
});

describe('a listing opened before (src/lib/db/first-screen.ts)', () => {
  /**
   * A load of /jobs that shows `rows` and saves them, then the next page load's conditions: the
   * device database not read yet (a new, empty one stands for a database still opening) and the
   * network silent.
   */
  async function openedBefore(rows: unknown[]) {
    fetchMock.mockResolvedValueOnce(page(rows, null));
    const first = await renderApp('/jobs');
    expect(await screen.findAllByTestId('job-card')).toHaveLength(rows.length);
    await deviceWritesSettled();
    first.unmount();
    setDbForTests(createDb(`listing-test-next-${dbCount}`));
    fetchMock.mockReturnValue(new Promise<Response>(() => undefined));
  }

  it('shows its first screen on the next load at once, before the device copy or the network answers', async () => {
    await openedBefore([job(3), job(2), job(1)]);
    await renderApp('/jobs');
    const cards = await screen.findAllByTestId('job-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Engineer 3',
      'Engineer 2',
      'Engineer 1',
    ]);
    // Marked as a saved copy, like the device's, once the fresh page is a moment late (no note
    // that flashes up and goes on a good connection).
    expect(screen.queryByTestId('cached-banner')).toBeNull();
    expect(
      await screen.findByTestId('cached-banner', {}, { timeout: REFRESH_NOTE_DELAY_MS + 1000 }),
    ).toHaveTextContent('Checking for new results');
    // No job descriptions kept for the cards.
    expect(window.localStorage.getItem('referralhub.first-screen.jobs')).not.toContain('things');
  });

  it('is not shown for another listing', async () => {
    await openedBefore([job(3)]);
    await renderApp('/jobs?searchText=engineer');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryAllByTestId('job-card')).toHaveLength(0);
  });
});

describe('job detail', () => {
  it('renders a cached job offline, description included', async () => {
    await upsertJobs([job(7)]);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderApp('/jobs/Acme_Corp/job-7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Engineer 7' }),
    ).toBeInTheDocument();
    const description = screen.getByTestId('job-description');
    expect(description.innerHTML).toContain('<b>things</b>');
  });

  it('shows "Error loading job" in plain words (no HTTP text) when the job does not exist', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"errorMsg":"Job not found"}', { status: 404, statusText: 'Not Found' }),
    );
    await renderApp('/jobs/acme/missing');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading job');
    expect(alert).toHaveTextContent('This job is no longer available.');
    expect(alert).not.toHaveTextContent('HTTP error');
  });
});
