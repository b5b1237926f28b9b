import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession, type SessionSummary } from '@/lib/auth';
import { resetConnectivityForTests } from '@/lib/api/connectivity';
import { createDb, setDbForTests } from '@/lib/db';
import { PROFILE_WAIT_MS } from '@/features/jobs';
import { renderApp } from '../render-app';

// The real router, query client and Dexie (fake-indexeddb); only the network is faked.
const fetchMock = vi.fn<typeof fetch>();

const candidate: SessionSummary = {
  sub: 'sub-listing-extras',
  email: 'candidate@example.com',
  fullName: 'Tara Iyer',
  userType: ['general-user'],
  corporateUserType: null,
  lastAccessedDash: 'CAND',
};

const completeDetails = {
  userId: 'usr-candidate',
  fullName: 'Tara Iyer',
  email: 'candidate@example.com',
  candidateExperience: { designation: 'Frontend Engineer' },
  coreSkills: [{ skillName: 'React' }, { skillName: 'TypeScript' }],
  softSkills: [{ skillName: 'Communication' }],
  YOE: 4,
  CTC: 18,
  isCvExtracted: true,
};

function job(n: number) {
  return {
    id: `job-${n}`,
    jobTitle: `Engineer ${n}`,
    companyName: 'Acme Corp',
    coreSkills: ['React'],
    location: { city: 'Pune', fullLocation: ['Pune'] },
    experienceRange: { min: 2, max: 5 },
    workMode: 'Remote',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 100 - n)).toISOString(),
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const urlOf = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : input, 'http://localhost');

/** Job requests made so far, as URLSearchParams. */
const jobRequests = () =>
  fetchMock.mock.calls
    .map(([input]) => urlOf(input))
    .filter((url) => url.pathname === '/jobs-api/job/')
    .map((url) => url.searchParams);

function serve(details: unknown, jobCount = 17) {
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.pathname === '/api/user/basic-details') return Promise.resolve(json({ data: details }));
    if (url.pathname.startsWith('/api/user/'))
      return Promise.resolve(json([{ coreSkills: ['React'], YOE: 4 }]));
    if (url.pathname === '/jobs-api/job/') {
      const rows = Array.from({ length: jobCount }, (_, i) => job(i + 1));
      return Promise.resolve(
        json({ data: rows, pagination: { lastKey: null, s3VectorLastKey: null } }),
      );
    }
    return Promise.resolve(json({ errorMsg: 'not found' }, 404));
  });
}

/**
 * jsdom has no Worker. A candidate's listing starts the scoring worker (issue 7), which these
 * tests do not look at: an inert stand-in keeps it from throwing (the browser tests run the real
 * one).
 */
class InertWorker {
  onmessage: unknown = null;
  onerror: unknown = null;
  postMessage() {}
  addEventListener() {}
  removeEventListener() {}
  terminate() {}
}

let dbCount = 0;
beforeEach(() => {
  vi.stubGlobal('Worker', InertWorker);
  dbCount += 1;
  setDbForTests(createDb(`listing-extras-${dbCount}`));
  resetConnectivityForTests();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  setSession(null);
});

afterEach(() => {
  // Unmount before the database closes: the listing's reads and background saves run until then.
  cleanup();
  setSession(null);
  setDbForTests(null);
  vi.unstubAllGlobals();
});

/** The results column as a list of card titles and banners ("promo:<image file>"). */
function resultsLayout(): string[] {
  const results = screen.getByRole('region', { name: 'Job results' });
  return [
    ...results.querySelectorAll('[data-testid="job-card"], [data-testid="promo-banner"]'),
  ].map((el) =>
    el.getAttribute('data-testid') === 'job-card'
      ? (el.querySelector('h2')?.textContent ?? '')
      : `promo:${el.querySelector('img')?.getAttribute('src') ?? ''}`,
  );
}

describe('promotional banner in the listing (spec §2)', () => {
  it('signed in: a banner after the 8th and 16th job, each with its own image', async () => {
    setSession(candidate);
    serve({ ...completeDetails, isCvExtracted: false });
    await renderApp('/jobs');
    await waitFor(() => expect(screen.getAllByTestId('job-card')).toHaveLength(17));
    const layout = resultsLayout();
    expect(layout).toHaveLength(19);
    expect(layout[8]).toBe('promo:/promo-1.svg');
    expect(layout[17]).toBe('promo:/promo-2.svg');
    expect(layout[7]).toBe('Engineer 8');
    expect(layout[16]).toBe('Engineer 16');

    const banner = screen.getAllByTestId('promo-banner')[0]!;
    const button = within(banner).getByRole('button');
    expect(button).toHaveAccessibleName(/Share jobs, earn rewards/);
    expect(button).toHaveAccessibleDescription(
      'View the jobs posted by ReferralHub and share them with your friends to earn rewards.',
    );
    expect(within(banner).getByRole('img')).toHaveAttribute('loading', 'lazy');
  });

  it('clicking it selects the Job Type filter (dashboard=USER), which hides the banners', async () => {
    setSession(candidate);
    serve({ ...completeDetails, isCvExtracted: false });
    const { router } = await renderApp('/jobs');
    await waitFor(() => expect(screen.getAllByTestId('promo-banner')).toHaveLength(2));
    await userEvent.click(within(screen.getAllByTestId('promo-banner')[1]!).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ dashboard: 'USER' }));
    await waitFor(() => expect(jobRequests().at(-1)?.get('dashboard')).toBe('USER'));
    const jobType = screen.getByRole('group', { name: 'Job type' });
    expect(within(jobType).getByRole('button', { name: 'Posted on ReferralHub' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(screen.getAllByTestId('job-card')).toHaveLength(17));
    expect(screen.queryByTestId('promo-banner')).toBeNull();
  });

  it('signed out: no banner', async () => {
    serve(completeDetails);
    await renderApp('/jobs');
    await waitFor(() => expect(screen.getAllByTestId('job-card')).toHaveLength(17));
    expect(screen.queryByTestId('promo-banner')).toBeNull();
  });
});

describe('default filters from a complete profile (spec §4, §5)', () => {
  it('the first request carries jobTitle, coreSkills and YOE; Show all jobs drops them', async () => {
    setSession(candidate);
    serve(completeDetails, 3);
    const { router } = await renderApp('/jobs');
    await waitFor(() => expect(screen.getAllByTestId('job-card')).toHaveLength(3));
    // No request went out before the profile was known.
    const [first, ...rest] = jobRequests();
    expect(first?.get('jobTitle')).toBe('Frontend Engineer');
    expect(first?.get('coreSkills')).toBe('React,TypeScript');
    expect(first?.get('YOE')).toBe('4');
    expect(rest).toHaveLength(0);
    const notice = screen.getByTestId('profile-defaults');
    expect(notice).toHaveTextContent(
      'Suggested for your profile: Frontend Engineer · React, TypeScript · 4 years of experience.',
    );

    await userEvent.click(within(notice).getByRole('button', { name: 'Show all jobs' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ profileDefaults: 'off' }),
    );
    await waitFor(() => expect(jobRequests()).toHaveLength(2));
    const all = jobRequests()[1]!;
    expect(all.has('jobTitle') || all.has('coreSkills') || all.has('YOE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Suggest jobs for my profile' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('profileDefaults'));
  });

  it('a filter drops the title and YOE defaults but keeps the skills', async () => {
    setSession(candidate);
    serve(completeDetails, 3);
    await renderApp('/jobs?workMode=%5B%22Remote%22%5D');
    await waitFor(() => expect(screen.getAllByTestId('job-card')).toHaveLength(3));
    const request = jobRequests()[0]!;
    expect(request.get('workMode')).toBe('Remote');
    expect(request.get('coreSkills')).toBe('React,TypeScript');
    expect(request.has('jobTitle')).toBe(false);
    expect(request.has('YOE')).toBe(false);
    expect(screen.getByTestId('profile-defaults')).toHaveTextContent(
      'Suggested for your profile: React, TypeScript.',
    );
  });

  it('an incomplete profile starts without defaults', async () => {
    setSession(candidate);
    serve({ ...completeDetails, CTC: null });
    await renderApp('/jobs');
    await waitFor(() => expect(screen.getAllByTestId('job-card')).toHaveLength(17));
    for (const request of jobRequests()) {
      expect(request.has('jobTitle') || request.has('coreSkills') || request.has('YOE')).toBe(
        false,
      );
    }
    expect(screen.queryByTestId('profile-defaults')).toBeNull();
  });

  it('goes on without defaults when the basic details do not come', async () => {
    setSession(candidate);
    serve(completeDetails, 3);
    const answer = fetchMock.getMockImplementation()!;
    // The basic-details request hangs (lie-fi); everything else answers.
    fetchMock.mockImplementation((input, init) =>
      urlOf(input).pathname === '/api/user/basic-details'
        ? new Promise<Response>(() => undefined)
        : answer(input, init),
    );
    await renderApp('/jobs');
    expect(screen.getAllByTestId('job-card-skeleton').length).toBeGreaterThan(0);
    expect(jobRequests()).toHaveLength(0);
    await waitFor(() => expect(screen.getAllByTestId('job-card')).toHaveLength(3), {
      timeout: PROFILE_WAIT_MS + 3000,
    });
    expect(jobRequests()[0]?.has('jobTitle')).toBe(false);
  });
});
