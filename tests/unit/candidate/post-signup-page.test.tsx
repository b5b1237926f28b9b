import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PostSignupPage } from '@/features/candidate';
import type { BasicDetails } from '@/lib/profile';
import { reportNetworkOutcome } from '@/lib/api';
import { resetConnectivityForTests } from '@/lib/api/connectivity';
import { setSession } from '@/lib/auth';
import { createDb, setDbForTests } from '@/lib/db';

// The create call proves the email with the ID token (Amplify is not loaded in unit tests).
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  loadAuthActions: () => Promise.resolve({ currentIdToken: () => Promise.resolve('id-token-1') }),
}));

const SUB = 'sub-new-1';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let counter = 0;
beforeEach(() => {
  counter += 1;
  setDbForTests(createDb(`post-signup-${counter}-${Date.now()}`));
  setSession({
    sub: SUB,
    email: 'fresh@example.com',
    fullName: 'Fresh Signup',
    userType: ['general-user'],
    corporateUserType: null,
    lastAccessedDash: null,
  });
});
afterEach(() => {
  setSession(null);
  setDbForTests(null);
  resetConnectivityForTests();
  vi.unstubAllGlobals();
});

function renderPage() {
  const queryClient = new QueryClient();
  const onDone = vi.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <PostSignupPage onDone={onDone} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onDone, queryClient };
}

describe('/post-signup-form page', () => {
  it('creates the profile of a user who has none, with the sign-in email and name', async () => {
    const created: BasicDetails = {
      userId: 'usr-new',
      fullName: 'Fresh Signup',
      email: 'fresh@example.com',
      coreSkills: [],
      softSkills: [],
      YOE: 2,
      CTC: 7,
      isCvExtracted: false,
    };
    const fetchMock = vi.fn((url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'POST'
          ? json(201, { data: created })
          : url.endsWith('/user/basic-details')
            ? json(404, { errorMsg: 'No profile found for this account' })
            : json(200, {}),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { onDone, queryClient } = renderPage();

    const yoe = await screen.findByLabelText('Years of experience');
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Fresh Signup');
    fireEvent.change(yoe, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Current CTC (lakhs per annum)'), {
      target: { value: '7' },
    });
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toMatch(/\/user\/profile$/);
    expect(new Headers(post?.[1]?.headers).get('authorization')).toBe('Bearer id-token-1');
    expect(JSON.parse(post?.[1]?.body as string)).toMatchObject({
      email: 'fresh@example.com',
      fullName: 'Fresh Signup',
      YOE: 2,
      CTC: 7,
    });
    expect(queryClient.getQueryData(['basic-details', SUB])).toMatchObject({ userId: 'usr-new' });
  });

  it('says a connection is needed when offline, and sends nothing', async () => {
    const fetchMock = vi.fn((url: string, _init?: RequestInit) =>
      Promise.resolve(
        url.endsWith('/user/basic-details') ? json(404, { errorMsg: 'none' }) : json(200, {}),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { onDone } = renderPage();
    await screen.findByLabelText('Years of experience');
    reportNetworkOutcome(false);
    expect(
      await screen.findByText(/You are offline\. Creating your profile needs a connection/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(onDone).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the edit form and the CV upload to a user who already has a profile', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(200, {
            data: {
              userId: 'usr-1',
              fullName: 'Priya',
              email: 'fresh@example.com',
              coreSkills: [],
              softSkills: [],
              isCvExtracted: false,
            },
          }),
        ),
      ),
    );
    renderPage();
    expect(await screen.findByRole('form', { name: 'Edit profile' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload CV' })).toBeVisible();
  });
});
