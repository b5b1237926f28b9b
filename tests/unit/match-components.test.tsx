import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MatchBadge, MatchGauge, candidateProfileOf, useMatchOrder } from '@/features/match';
import { setSession, type SessionSummary } from '@/lib/auth';
import { createDb, setDbForTests, type AppDb, type JobRecord } from '@/lib/db';
import { basicDetailsQuery, type BasicDetails } from '@/lib/profile';
import { toStoredProfile, writeCandidateProfile } from '@/lib/scoring';
import { storeScores as storeScoreBuckets } from './fakes/stored-scores';

const candidate: SessionSummary = {
  sub: 'sub-cand',
  email: 'candidate@example.com',
  fullName: 'Cand',
  userType: ['general-user'],
  corporateUserType: null,
  lastAccessedDash: 'CAND',
};
const details: BasicDetails = {
  userId: 'usr-cand',
  fullName: 'Cand',
  email: candidate.email,
  coreSkills: [{ skillName: 'React' }],
  softSkills: [],
  YOE: 3,
  isCvExtracted: true,
};
const stored = toStoredProfile(candidate.sub, candidateProfileOf(details));

let counter = 0;
let db: AppDb;
beforeEach(() => {
  counter += 1;
  db = createDb(`match-ui-${counter}-${Date.now()}`);
  setDbForTests(db);
});
afterEach(() => {
  setSession(null);
  setDbForTests(null);
});

function wrapper(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  // The profile was just fetched: no network call from the tests.
  client.setQueryData(basicDetailsQuery(candidate.sub).queryKey, details);
  // Another user of the device has a profile of their own (another version).
  client.setQueryData(basicDetailsQuery('someone-else').queryKey, {
    ...details,
    coreSkills: [{ skillName: 'Java' }],
  });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

const storeScores = (scores: Record<string, number>, version = stored.version) =>
  storeScoreBuckets(scores, version);

const job = (id: string, isExternal = false): JobRecord => ({
  id,
  jobTitle: `Job ${id}`,
  companyName: 'Acme',
  createdAt: '2026-01-01T00:00:00Z',
  isExternal,
});

describe('MatchGauge', () => {
  it.each([
    [0, 'red'],
    [25, 'red'],
    [25.1, 'orange'],
    [50, 'orange'],
    [51, 'sky-blue'],
    [75, 'sky-blue'],
    [75.5, 'green'],
    [90, 'green'],
  ])('colours %s as %s (spec §4)', (score, colour) => {
    render(<MatchGauge score={score} />);
    expect(screen.getByTestId('match-gauge')).toHaveAttribute('data-colour', colour);
  });

  it('reads the percentage out', () => {
    render(<MatchGauge score={72.4} />);
    expect(screen.getByRole('img', { name: '72% match' })).toHaveTextContent('72%');
  });
});

function Order({ rows }: { rows: JobRecord[] }) {
  const ordered = useMatchOrder(rows);
  return (
    <ol>
      {ordered.map((row) => (
        <li key={row.id}>{row.id}</li>
      ))}
    </ol>
  );
}

const order = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('match order (spec §9)', () => {
  const rows = [job('low'), job('ext', true), job('high'), job('mid'), job('unscored')];
  const scores = { low: 20, ext: 88, high: 80, mid: 55, unscored: Number.NaN };

  it('puts own jobs scoring 50 or more first, then by score, for a candidate', async () => {
    setSession(candidate);
    await writeCandidateProfile(stored);
    await storeScores(scores);
    render(<Order rows={rows} />, { wrapper: wrapper() });
    await waitFor(() => expect(order()).toEqual(['high', 'mid', 'ext', 'low', 'unscored']));
  });

  it('ignores scores of another profile version', async () => {
    setSession(candidate);
    await writeCandidateProfile(stored);
    await storeScores(scores, 'an-old-version');
    render(<Order rows={rows} />, { wrapper: wrapper() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order()).toEqual(['low', 'ext', 'high', 'mid', 'unscored']);
  });

  it('keeps the server order for signed-out visitors (spec §6)', async () => {
    await writeCandidateProfile(stored);
    await storeScores(scores);
    render(<Order rows={rows} />, { wrapper: wrapper() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order()).toEqual(['low', 'ext', 'high', 'mid', 'unscored']);
  });
});

describe('MatchBadge', () => {
  it('shows the percentage to the candidate the profile belongs to', async () => {
    setSession(candidate);
    await writeCandidateProfile(stored);
    await storeScores({ a: 64.6 });
    render(<MatchBadge jobId="a" />, { wrapper: wrapper() });
    expect(await screen.findByRole('img', { name: '65% match' })).toBeInTheDocument();
    expect(screen.getByTestId('match-gauge')).toHaveAttribute('data-colour', 'sky-blue');
  });

  it('shows nothing to a signed-out visitor or to someone else on the device', async () => {
    await writeCandidateProfile(stored);
    await storeScores({ a: 64.6 });
    const { unmount } = render(<MatchBadge jobId="a" />, { wrapper: wrapper() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('match-score')).toBeNull();
    unmount();

    setSession({ ...candidate, sub: 'someone-else' });
    render(<MatchBadge jobId="a" />, { wrapper: wrapper() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('match-score')).toBeNull();
  });
});

describe('a listing of match badges (issue 24)', () => {
  const ids = Array.from({ length: 10 }, (_, index) => `job-${index}`);
  const Listing = () => (
    <ul>
      {ids.map((id) => (
        <li key={id}>
          <MatchBadge jobId={id} />
        </li>
      ))}
    </ul>
  );
  const reads = (spy: { mock: { calls: unknown[][] } }) =>
    spy.mock.calls.filter(([key]) => key === 'candidate').length;

  it('reads the stored profile once for all its cards', async () => {
    setSession(candidate);
    await writeCandidateProfile(stored);
    await storeScores(Object.fromEntries(ids.map((id) => [id, 60])));
    const get = vi.spyOn(db.profile, 'get');
    render(<Listing />, { wrapper: wrapper() });
    await waitFor(() => expect(screen.getAllByTestId('match-score')).toHaveLength(ids.length));
    expect(reads(get)).toBe(1);
  });

  it('stores a profile fetched while it is open once, not once per card', async () => {
    setSession(candidate);
    await writeCandidateProfile(stored);
    const put = vi.spyOn(db.profile, 'put');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<Listing />, { wrapper: wrapper(client) });
    await waitFor(() => expect(screen.getAllByTestId('match-pending')).toHaveLength(ids.length));
    // The profile comes back from the network with a new skill: a new version to score.
    client.setQueryData(basicDetailsQuery(candidate.sub).queryKey, {
      ...details,
      coreSkills: [{ skillName: 'React' }, { skillName: 'Go' }],
    });
    await waitFor(() => expect(put).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(put).toHaveBeenCalledTimes(1);
  });
});
