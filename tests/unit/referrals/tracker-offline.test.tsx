/**
 * My referrals reads offline (issue 16 part 7): the list fetched once is persisted with the app's
 * own persistence options, restored into a fresh query client with the network gone, and shows
 * every request's state, next step, decline reason and timeline; a request still waiting in the
 * outbox shows as Queued; Acknowledge queues one acknowledge action.
 */
import { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPersistOptions } from '@/app/query-client';
import { DECLINE_REASONS, type ReferralRequestDto } from '@/domain/contract/referrals';
import { ReferralTrackerPage } from '@/features/referrals';
import { setSession } from '@/lib/auth';
import { createDb, getDb, setDbForTests } from '@/lib/db';
import { enqueue } from '@/lib/outbox/store';
import { myReferralsQuery } from '@/lib/referrals';
import { renderReferralScreen } from './render';

const SUB = 'sub-candidate';
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();

function dto(overrides: Partial<ReferralRequestDto>): ReferralRequestDto {
  return {
    id: 'ref-1',
    state: 'approved',
    companyId: 'cmp-acme',
    companyName: 'Acme Labs',
    companyLogoUrl: null,
    jobId: 'job-7',
    jobUrl: null,
    jobTitle: 'Frontend Engineer',
    note: '',
    attempt: 1,
    matchScore: null,
    rejectionReasons: [],
    deadline: null,
    referee: null,
    reference: null,
    proofUrl: null,
    proofFileName: null,
    guidanceUrl: '/guidance/Acme_Labs/cmp-acme',
    timeline: [
      {
        action: 'request',
        from: null,
        to: 'requested',
        actor: 'candidate',
        reason: null,
        text: null,
        at: at(50),
      },
      {
        action: 'approve',
        from: 'requested',
        to: 'approved',
        actor: 'system',
        reason: null,
        text: null,
        at: at(50),
      },
    ],
    createdAt: at(50),
    updatedAt: at(50),
    ...overrides,
  };
}

const REQUESTS: ReferralRequestDto[] = [
  dto({
    id: 'ref-referred',
    state: 'referred',
    jobTitle: 'UI Engineer',
    reference: 'CH-REF-7731',
    referee: { name: 'Vivek Menon', designation: 'Lead Frontend Engineer' },
  }),
  dto({
    id: 'ref-offered',
    state: 'offered',
    jobTitle: 'React Developer',
    deadline: at(-48),
    timeline: [
      ...dto({}).timeline,
      {
        action: 'offer',
        from: 'approved',
        to: 'offered',
        actor: 'system',
        reason: null,
        text: null,
        at: at(49),
      },
      {
        action: 'decline',
        from: 'offered',
        to: 'approved',
        actor: 'referee',
        reason: 'notMyTeam',
        text: DECLINE_REASONS.notMyTeam,
        at: at(30),
      },
      {
        action: 'offer',
        from: 'approved',
        to: 'offered',
        actor: 'system',
        reason: null,
        text: null,
        at: at(30),
      },
    ],
  }),
];

beforeEach(() => {
  localStorage.clear();
  setDbForTests(createDb(`tracker-${Date.now()}-${Math.random()}`));
  setSession({
    sub: SUB,
    email: 'candidate@example.com',
    fullName: 'Tara Iyer',
    userType: ['general-user'],
    corporateUserType: null,
    lastAccessedDash: 'CAND',
    referralCount: 3,
    profileImageUrl: null,
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setSession(null);
  await getDb().delete();
  setDbForTests(null);
});

async function persistOnce() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json({ data: REQUESTS }))),
  );
  const online = new QueryClient();
  await online.fetchQuery(myReferralsQuery(SUB));
  const options = createPersistOptions(localStorage);
  await persistQueryClientSave({ queryClient: online, ...options });
  await waitFor(
    () =>
      // The sync persister writes at most once a second.
      expect(localStorage.getItem('referralhub.query-cache')).toContain('ref-offered'),
    { timeout: 3_000 },
  );
  online.clear();
}

async function restoreOffline() {
  const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await persistQueryClientRestore({ queryClient, ...createPersistOptions(localStorage) });
  return { queryClient, fetchMock };
}

describe('My referrals offline', () => {
  it('shows every request, state, next step, decline reason and timeline from the persisted copy', async () => {
    const user = userEvent.setup();
    await persistOnce();
    const { queryClient } = await restoreOffline();
    await renderReferralScreen(() => <ReferralTrackerPage focusId="ref-offered" />, {
      path: '/v1/candidate/referrals/ref-offered',
      queryClient,
    });

    const items = await screen.findAllByTestId('referral-item');
    expect(items.map((item) => item.dataset.id)).toEqual(['ref-referred', 'ref-offered']);
    const [referred, offered] = items as [HTMLElement, HTMLElement];
    expect(within(referred).getByTestId('referral-state')).toHaveTextContent('Referred');
    expect(within(referred).getByText(/Reference: CH-REF-7731/)).toBeInTheDocument();
    expect(within(offered).getByTestId('referral-state')).toHaveTextContent('With a referee');
    expect(within(offered).getByTestId('referral-next-step')).toHaveTextContent(
      'A referee at Acme Labs is looking at your profile',
    );
    expect(within(offered).getByTestId('decline-reasons')).toHaveTextContent(
      DECLINE_REASONS.notMyTeam,
    );
    // The focused request opens on its timeline; the other one opens on demand.
    const timeline = within(offered).getByTestId('referral-timeline');
    expect(timeline).toHaveTextContent('A referee declined');
    expect(within(referred).queryByTestId('referral-timeline')).toBeNull();
    await user.click(within(referred).getByRole('button', { name: 'Show timeline' }));
    expect(within(referred).getByTestId('referral-timeline')).toHaveTextContent(
      'Accepted: your CV will be sent to the best referee',
    );
  });

  it('a request waiting in the outbox shows as Queued; Acknowledge queues one action', async () => {
    const user = userEvent.setup();
    await persistOnce();
    const { queryClient } = await restoreOffline();
    await enqueue(getDb(), {
      kind: 'referralRequest',
      userId: SUB,
      subject: 'referral:cmp-zen:job-9',
      payload: {
        companyId: 'cmp-zen',
        jobId: 'job-9',
        jobTitle: 'Data Analyst',
        companyName: 'Zenith',
      },
    });
    await renderReferralScreen(() => <ReferralTrackerPage />, {
      path: '/v1/candidate/referrals',
      queryClient,
    });
    const queued = await screen.findByTestId('referral-queued-card');
    expect(queued).toHaveTextContent('Data Analyst');
    expect(queued).toHaveTextContent('Queued');

    const referred = (await screen.findAllByTestId('referral-item'))[0]!;
    await user.click(within(referred).getByRole('button', { name: 'Acknowledge referral' }));
    await user.click(within(referred).getByRole('button', { name: 'Acknowledge referral' }));
    await waitFor(async () => {
      const rows = (await getDb().outbox.toArray()).filter((a) => a.kind === 'referralAcknowledge');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        subject: 'ref-referred',
        payload: { requestId: 'ref-referred' },
      });
    });
  });
});
