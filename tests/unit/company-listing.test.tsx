import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests } from '@/lib/api/connectivity';
import { createDb, setDbForTests } from '@/lib/db';
import { renderApp } from './render-app';

// The real router, query client and Dexie (fake-indexeddb); only the network is faked.
const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

let dbCount = 0;
beforeEach(() => {
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
    fetchMock.mockResolvedValueOnce(
      json({
        data: [
          {
            SK: 'COMPANY#1',
            name: 'acme corp',
            logoUrl: '/api/company-logo/1.svg',
            linkedIn: 'https://www.linkedin.com/company/acme',
            careerUrl: 'https://acme.example/careers',
            industry: 'Fintech',
          },
        ],
        pagination: { lastKey: null },
      }),
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
    expect(fetchMock.mock.calls[0]![0] as string).toBe('/api/company?filters=acme&pageSize=10');

    // spec §2: a fallback icon when the logo fails to load.
    fireEvent.error(card.querySelector('img')!);
    expect(within(card).getByTestId('logo-fallback')).toBeInTheDocument();
  });

  it('shows "No Company Found" for an empty result', async () => {
    fetchMock.mockResolvedValue(json({ data: [], pagination: { lastKey: null } }));
    await renderApp('/referrals');
    expect(await screen.findByRole('heading', { name: 'No Company Found' })).toBeInTheDocument();
  });
});
