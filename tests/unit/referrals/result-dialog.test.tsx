/**
 * spec §4 "Referral request result dialogs": every result type shows its meaning and the spec's
 * button, and the button does what the spec says (Subscribe Now → the plans, Complete Now → the
 * profile with a way back, View Status → the request in My referrals, View Feedback → the reasons
 * and guidance, Back to Home → home, Okay/Close → closes); an unknown type says "Something went
 * wrong".
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  REFERRAL_RESULTS,
  REFERRAL_RESULT_TYPES,
  type ReferralRequestDto,
} from '@/domain/contract/referrals';
import { ReferralResultDialog } from '@/features/referrals';
import { PENDING_CONTINUATION_KEY } from '@/lib/continuation';
import { renderReferralScreen } from './render';

const company = { id: 'cmp-acme', name: 'Acme Labs' };
const RETURN = '/referrals/Acme_Labs/cmp-acme';

function request(overrides: Partial<ReferralRequestDto> = {}): ReferralRequestDto {
  return {
    id: 'ref-42',
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
    timeline: [],
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

async function show(type: string, dto: ReferralRequestDto | null = null) {
  const onClose = vi.fn();
  const rendered = await renderReferralScreen(() => (
    <ReferralResultDialog
      type={type}
      request={dto}
      company={company}
      returnUrl={RETURN}
      onClose={onClose}
    />
  ));
  const dialog = await screen.findByRole('dialog');
  return { ...rendered, dialog, onClose };
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('every spec §4 result type has its dialog and button', () => {
  const buttons = {
    zeroReferral: 'Subscribe Now',
    profileCompletion: 'Complete Now',
    AlreadyRequested: 'Okay',
    RequestAccepted: 'View Status',
    RequestRejected: 'View Feedback',
    Error_250: 'Close',
    Error_251: 'Close',
    Max_tries: 'Back to Home',
  } as const;

  it.each(REFERRAL_RESULT_TYPES)('%s', async (type) => {
    const { dialog } = await show(type, request());
    expect(within(dialog).getByText(REFERRAL_RESULTS[type].title)).toBeInTheDocument();
    expect(within(dialog).getByText(REFERRAL_RESULTS[type].message)).toBeInTheDocument();
    expect(
      within(dialog).getByRole(
        type === 'zeroReferral' || type === 'RequestAccepted' || type === 'Max_tries'
          ? 'link'
          : 'button',
        { name: buttons[type] },
      ),
    ).toBeInTheDocument();
  });
});

describe('what the buttons do', () => {
  it('Subscribe Now goes to the subscription page', async () => {
    const { dialog } = await show('zeroReferral');
    expect(within(dialog).getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute(
      'href',
      '/v1/candidate/subscription',
    );
  });

  it('View Status opens the request in My referrals', async () => {
    const { dialog } = await show('RequestAccepted', request());
    expect(within(dialog).getByRole('link', { name: 'View Status' })).toHaveAttribute(
      'href',
      '/v1/candidate/referrals/ref-42',
    );
  });

  it('Back to Home goes home', async () => {
    const { dialog } = await show('Max_tries');
    expect(within(dialog).getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('Complete Now opens the profile with a returnUrl here and keeps the continuation', async () => {
    const user = userEvent.setup();
    const { dialog, router } = await show('profileCompletion');
    await user.click(within(dialog).getByRole('button', { name: 'Complete Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/v1/candidate/profile'));
    expect(router.state.location.search).toEqual({ returnUrl: RETURN });
    expect(JSON.parse(sessionStorage.getItem(PENDING_CONTINUATION_KEY)!)).toEqual({
      type: 'referral',
      url: RETURN,
      data: {},
    });
  });

  it.each(['AlreadyRequested', 'Error_250', 'Error_251'])('%s: the button closes', async (type) => {
    const user = userEvent.setup();
    const { dialog, onClose } = await show(type);
    await user.click(
      within(dialog).getByRole('button', { name: REFERRAL_RESULTS[type as 'Error_250'].button }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('View Feedback shows the reasons and a link to guidance', async () => {
    const user = userEvent.setup();
    const { dialog } = await show(
      'RequestRejected',
      request({
        state: 'rejected',
        rejectionReasons: [
          {
            code: 'coreSkills',
            text: 'Your core skills cover too little of what this job asks for.',
          },
        ],
      }),
    );
    expect(within(dialog).queryByTestId('referral-feedback')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'View Feedback' }));
    const feedback = within(dialog).getByTestId('referral-feedback');
    expect(feedback).toHaveTextContent('Your core skills cover too little');
    expect(within(feedback).getByRole('link', { name: 'request guidance' })).toHaveAttribute(
      'href',
      '/guidance/Acme_Labs/cmp-acme',
    );
  });

  it('an unknown type says "Something went wrong" and closes', async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = await show('Error_999');
    expect(within(dialog).getByText('Something went wrong')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
