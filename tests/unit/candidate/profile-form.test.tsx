import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileForm } from '@/features/candidate';
import type { BasicDetails } from '@/lib/profile';
import { reportNetworkOutcome } from '@/lib/api';
import { resetConnectivityForTests } from '@/lib/api/connectivity';
import { getSession, setSession } from '@/lib/auth';
import { createDb, getDb, setDbForTests } from '@/lib/db';

const SUB = 'sub-profile-1';
const details: BasicDetails = {
  userId: 'usr-1',
  fullName: 'Priya Sharma',
  email: 'candidate@example.com',
  candidateExperience: { designation: 'Frontend Engineer' },
  coreSkills: [{ skillName: 'React' }],
  softSkills: [],
  YOE: 4,
  CTC: 18,
  noticePeriod: 30,
  location: 'Bengaluru',
  isCvExtracted: true,
};

let counter = 0;
let queryClient: QueryClient;

beforeEach(() => {
  counter += 1;
  setDbForTests(createDb(`profile-form-${counter}-${Date.now()}`));
  // The outbox tries to send right after enqueueing: nothing answers here.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  setSession({
    sub: SUB,
    email: 'candidate@example.com',
    fullName: 'Priya Sharma',
    userType: ['general-user'],
    corporateUserType: null,
    lastAccessedDash: 'CAND',
  });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['basic-details', SUB], details);
});
afterEach(() => {
  setSession(null);
  setDbForTests(null);
  resetConnectivityForTests();
  vi.unstubAllGlobals();
});

function renderForm(onSaved = vi.fn()) {
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <ProfileForm onSaved={onSaved} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onSaved;
}

const outbox = () => getDb().outbox.toArray();

// Mantine inputs under happy-dom on shared CPUs: typing is slow, so allow more than 5 s.
describe('ProfileForm', () => {
  it('starts from the stored profile', async () => {
    renderForm();
    expect(await screen.findByLabelText(/Full name/)).toHaveValue('Priya Sharma');
    expect(screen.getByLabelText('Designation')).toHaveValue('Frontend Engineer');
    expect(screen.getByLabelText('Years of experience')).toHaveValue('4');
    expect(screen.getByLabelText('Location')).toHaveValue('Bengaluru');
  });

  it('shows an error inline once a field is left, and clears it when fixed', async () => {
    const user = userEvent.setup();
    renderForm();
    const yoe = await screen.findByLabelText('Years of experience');
    await user.clear(yoe);
    await user.type(yoe, '61');
    expect(screen.queryByText(/between 0 and 60/)).not.toBeInTheDocument();
    await user.tab();
    expect(
      await screen.findByText('Years of experience must be between 0 and 60 years'),
    ).toBeVisible();
    expect(yoe).toHaveAttribute('aria-invalid', 'true');
    await user.clear(yoe);
    await user.type(yoe, '6');
    await waitFor(() =>
      expect(screen.queryByText(/Years of experience must be/)).not.toBeInTheDocument(),
    );
  });

  it('refuses to save invalid values and queues nothing', async () => {
    const user = userEvent.setup();
    const onSaved = renderForm();
    fireEvent.change(await screen.findByLabelText(/Full name/), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Notice period (days)'), { target: { value: '400' } });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Enter your full name')).toBeVisible();
    expect(screen.getByText('Notice period must be between 0 and 365 days')).toBeVisible();
    expect(onSaved).not.toHaveBeenCalled();
    expect(await outbox()).toHaveLength(0);
  });

  it('queues only the changes offline, updates the cached details and says it will sync', async () => {
    reportNetworkOutcome(false);
    const user = userEvent.setup();
    const onSaved = renderForm();
    const ctc = await screen.findByLabelText('Current CTC (lakhs per annum)');
    fireEvent.change(ctc, { target: { value: '20.5' } });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Bengaluru East' } });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Saved — will sync when online')).toBeVisible();
    expect(onSaved).toHaveBeenCalledOnce();
    const [action] = await outbox();
    expect(action).toMatchObject({
      kind: 'profileEdit',
      userId: SUB,
      subject: 'profile',
      payload: { email: 'candidate@example.com', CTC: 20.5, location: 'Bengaluru East' },
    });
    expect(Object.keys(action!.payload as object).sort()).toEqual(['CTC', 'email', 'location']);
    expect(queryClient.getQueryData<BasicDetails>(['basic-details', SUB])).toMatchObject({
      CTC: 20.5,
      location: 'Bengaluru East',
      YOE: 4,
    });
    expect(await screen.findByText('Changes waiting to sync.')).toBeVisible();
  });

  it('renames the signed-in user in the session mirror the header reads', async () => {
    const user = userEvent.setup();
    renderForm();
    fireEvent.change(await screen.findByLabelText(/Full name/), {
      target: { value: 'Priya S. Sharma' },
    });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(getSession()?.fullName).toBe('Priya S. Sharma'));
  });

  it('says so when nothing changed', async () => {
    const user = userEvent.setup();
    const onSaved = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Nothing to save: no changes.')).toBeVisible();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
