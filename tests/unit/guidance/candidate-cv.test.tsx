/**
 * The candidate's CV in resume writing (issue 19): when the referee may open it (paid until
 * delivered, resume writing only), the referee's booking card offers "Open the candidate's CV"
 * (or says there is none), and the book panel of a candidate without a CV says to upload it on
 * the profile, links there and offers no Order button.
 */
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BOOKING_STATES,
  GuidanceErrors,
  candidateCvShared,
  type BookingDto,
  type OfferedService,
} from '@/domain/contract/guidance';
import { BookPanel, BookingCard } from '@/features/guidance';
import { basicDetailsQuery, type BasicDetails } from '@/lib/profile';
import { renderReferralScreen } from '../referrals/render';

const USER = 'sub-candidate';

beforeEach(() => {
  // happy-dom has no FontFaceSet; Mantine's autosizing note field listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
  // No server here: what the screens show comes from the query cache the test fills.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('candidateCvShared', () => {
  it('shares the CV of a resume-writing order from payment until delivery only', () => {
    const shared = BOOKING_STATES.filter((state) =>
      candidateCvShared({ kind: 'resume-writing', state }),
    );
    expect(shared).toEqual(['paid', 'confirmed', 'delivered']);
  });

  it('never shares it for a live session', () => {
    for (const state of BOOKING_STATES) {
      expect(candidateCvShared({ kind: 'mock-interview', state })).toBe(false);
    }
  });
});

const resumeService: OfferedService = {
  id: 'svc-resume',
  kind: 'resume-writing',
  enabled: true,
  fee: 999,
  durationMinutes: null,
  deliveryDays: 3,
  description: '',
  nextSlots: [],
};

function details(cv: string | null): BasicDetails {
  return {
    userId: 'usr-x',
    fullName: 'Asha Rao',
    email: 'asha@example.com',
    coreSkills: [],
    softSkills: [],
    isCvExtracted: cv !== null,
    CV: cv,
  };
}

async function renderPanel(cv: string | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(basicDetailsQuery(USER).queryKey, details(cv));
  return renderReferralScreen(
    () => (
      <BookPanel
        service={resumeService}
        companyName="Monsoon Learning"
        userId={USER}
        timeZone="Asia/Kolkata"
        onPaid={() => {}}
      />
    ),
    { queryClient },
  );
}

describe('BookPanel for resume writing', () => {
  it('asks a candidate without a CV to upload it on the profile, with no Order button', async () => {
    await renderPanel(null);
    expect(await screen.findByText(/Upload your CV on your profile first/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload your CV' })).toHaveAttribute(
      'href',
      '/v1/candidate/profile',
    );
    expect(screen.queryByRole('button', { name: /Order/ })).toBeNull();
  });

  it('lets a candidate with a CV order', async () => {
    await renderPanel('asha-cv.pdf');
    expect(await screen.findByRole('button', { name: /Order for/ })).toBeEnabled();
    expect(screen.queryByText(/Upload your CV/)).toBeNull();
  });
});

function booking(overrides: Partial<BookingDto>): BookingDto {
  return {
    id: 'bkg_1',
    state: 'confirmed',
    kind: 'resume-writing',
    serviceId: 'svc-resume',
    companyId: 'cmp-1',
    companyName: 'Monsoon Learning',
    fee: 999,
    amount: 99_900,
    startsAt: null,
    endsAt: null,
    durationMinutes: null,
    heldUntil: null,
    dueAt: '2026-11-28T05:00:00.000Z',
    meetingUrl: null,
    note: null,
    paidAt: '2026-11-24T05:00:00.000Z',
    paidWith: 'wallet',
    orderId: null,
    cancelledBy: null,
    cancelReason: null,
    refunded: 0,
    deliveredAt: null,
    deliveryNote: null,
    hasFile: false,
    candidateHasCv: true,
    rating: null,
    review: null,
    createdAt: '2026-11-24T05:00:00.000Z',
    updatedAt: '2026-11-24T05:00:00.000Z',
    role: 'referee',
    actions: [],
    counterpart: { name: 'Asha', designation: null },
    events: [],
    ...overrides,
  };
}

async function renderCard(dto: BookingDto) {
  return renderReferralScreen(() => (
    <BookingCard
      booking={dto}
      userId="sub-referee"
      timeZone="Asia/Kolkata"
      queued={[]}
      confirming={false}
    />
  ));
}

const OPEN_CV = "Open the candidate's CV";

describe("BookingCard: the candidate's CV", () => {
  it("offers the referee of a paid order the candidate's CV", async () => {
    await renderCard(booking({}));
    expect(await screen.findByRole('button', { name: OPEN_CV })).toBeInTheDocument();
  });

  it('says so when the candidate has no CV', async () => {
    await renderCard(booking({ candidateHasCv: false }));
    expect(await screen.findByText(GuidanceErrors.candidateNoCv)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: OPEN_CV })).toBeNull();
  });

  it('offers nothing to the candidate, before payment, or for a live session', async () => {
    for (const dto of [
      booking({ role: 'candidate' }),
      booking({ state: 'requested' }),
      booking({ kind: 'mock-interview', startsAt: '2026-11-26T05:00:00.000Z' }),
    ]) {
      const view = await renderCard(dto);
      expect(await screen.findByTestId('booking')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: OPEN_CV })).toBeNull();
      view.unmount();
    }
  });
});
