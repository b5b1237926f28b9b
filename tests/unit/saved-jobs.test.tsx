import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  getSavedJob,
  pullSavedJobs,
  listSavedJobs,
  SaveJobButton,
  saveJob,
  setSavedJobNote,
  unsaveJob,
} from '@/features/saved-jobs';
import { setSession } from '@/lib/auth';
import { createDb, getCachedJob, getDb, setDbForTests, type JobRecord } from '@/lib/db';
import { dismissAllToasts, getToasts } from '@/lib/toast/toast-store';
import { storeScores } from './fakes/stored-scores';
import { renderApp } from './render-app';

let counter = 0;
beforeEach(() => {
  counter += 1;
  setDbForTests(createDb(`saved-jobs-${counter}-${Date.now()}`));
  localStorage.clear();
  setSession(null);
});
afterEach(() => {
  setSession(null);
  setDbForTests(null);
  vi.unstubAllGlobals();
});

function job(id: string, overrides: Partial<JobRecord> = {}): JobRecord {
  return {
    id,
    jobTitle: `Engineer ${id}`,
    companyName: 'Acme Labs',
    createdAt: '2026-01-10T00:00:00Z',
    location: { city: 'Pune', fullLocation: ['Pune'] },
    salaryRange: { min: 10, max: 20 },
    status: 'PUBLISHED',
    ...overrides,
  };
}

const signIn = () =>
  setSession({
    sub: 'user-1',
    email: 'candidate@example.com',
    fullName: 'Asha',
    userType: ['general-user'],
    corporateUserType: null,
    lastAccessedDash: null,
  });

describe('saved jobs on the device', () => {
  it('saves into Dexie with the job row cached, keeps savedAt and note, and unsaves', async () => {
    await saveJob(job('j1'), 'ask Priya');
    const first = await getSavedJob('j1');
    expect(first).toMatchObject({ jobId: 'j1', note: 'ask Priya', userId: null });
    expect(await getCachedJob('j1')).toMatchObject({ jobTitle: 'Engineer j1' });

    await saveJob(job('j1', { jobTitle: 'Renamed' }));
    expect((await getSavedJob('j1'))?.savedAt).toBe(first?.savedAt);
    expect((await getSavedJob('j1'))?.note).toBe('ask Priya');

    await setSavedJobNote('j1', 'applied Monday');
    expect((await getSavedJob('j1'))?.note).toBe('applied Monday');
    await unsaveJob('j1');
    expect(await getSavedJob('j1')).toBeUndefined();
  });

  it('lists newest first with the cached row, the match score and the application state', async () => {
    signIn();
    await saveJob(job('a'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveJob(job('b'));
    const db = getDb();
    await storeScores({ a: 81.6 }, 'some-profile-version');
    await db.applications.put({
      userId: 'user-1',
      jobId: 'a',
      kind: 'internal',
      state: 'submitted',
      appliedAt: Date.now(),
    });
    // The cache was cleared meanwhile: the snapshot taken at save time still lists it.
    await db.jobs.delete('b');
    const views = await listSavedJobs();
    expect(views.map((v) => v.saved.jobId)).toEqual(['b', 'a']);
    expect(views[0]?.job?.jobTitle).toBe('Engineer b');
    expect(views[1]).toMatchObject({ score: 81.6, application: 'submitted' });
  });

  it('queues the change in the outbox for a signed-in user only', async () => {
    await saveJob(job('local'));
    expect(await getDb().outbox.count()).toBe(0);
    signIn();
    await saveJob(job('synced'), 'note');
    const [action] = await getDb().outbox.toArray();
    expect(action).toMatchObject({
      kind: 'save',
      userId: 'user-1',
      subject: 'synced',
      payload: { jobId: 'synced', note: 'note' },
    });
  });
});

describe('saved jobs from other devices', () => {
  it("adds the server's saved jobs, except ones this device is unsaving", async () => {
    signIn();
    await saveJob(job('a'));
    await unsaveJob('c'); // queued: the server does not know yet
    const remote = (id: string, note: string) => ({
      jobId: id,
      note,
      savedAt: '2026-02-01T10:00:00.000Z',
      job: job(id),
    });
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            data: [remote('a', 'from phone'), remote('b', 'b note'), remote('c', '')],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await pullSavedJobs()).toBe(1);
    expect(fetchMock.mock.calls[0]?.[0]).toMatch(/\/api\/saved-jobs$/);
    expect(await getSavedJob('a')).toMatchObject({ note: 'from phone' });
    expect(await getSavedJob('b')).toMatchObject({
      note: 'b note',
      savedAt: Date.parse('2026-02-01T10:00:00.000Z'),
    });
    expect(await getCachedJob('b')).toMatchObject({ jobTitle: 'Engineer b' });
    expect(await getSavedJob('c')).toBeUndefined();
  });
});

describe('Save button and Saved jobs screen', () => {
  it('toggles Save / Saved on the device', async () => {
    render(<SaveJobButton job={job('j9')} />);
    const button = await screen.findByRole('button', { name: 'Save Engineer j9' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(button).toBeEnabled()); // once Dexie has answered
    await userEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Saved: Engineer j9' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(await getSavedJob('j9')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Saved: Engineer j9' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Engineer j9' })).toBeEnabled(),
    );
    expect(await getSavedJob('j9')).toBeUndefined();
  });

  it("reads which jobs are saved once for a listing's buttons; each shows its own job", async () => {
    await saveJob(job('j2'));
    await saveJob(job('j5'));
    const table = getDb().savedJobs;
    const reads = [vi.spyOn(table, 'get'), vi.spyOn(table, 'toCollection')];
    const ids = Array.from({ length: 10 }, (_, index) => `j${index}`);
    render(
      <ul>
        {ids.map((id) => (
          <li key={id}>
            <SaveJobButton job={job(id)} />
          </li>
        ))}
      </ul>,
    );
    await waitFor(() => {
      for (const button of screen.getAllByRole('button')) expect(button).toBeEnabled();
    });
    const pressed = () =>
      screen.getAllByRole('button', { pressed: true }).map((button) => button.textContent);
    expect(pressed()).toEqual(['★ Saved', '★ Saved']);
    expect(screen.getByRole('button', { name: 'Saved: Engineer j5' })).toBeInTheDocument();
    expect(reads.reduce((count, spy) => count + spy.mock.calls.length, 0)).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Save Engineer j7' }));
    await screen.findByRole('button', { name: 'Saved: Engineer j7' });
    expect(pressed()).toHaveLength(3);
  });

  it('explains job alerts after a signed-in first save, where push can help; never signed out', async () => {
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'default' });
    // happy-dom has no service worker: give the check one, removed again below.
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    onTestFinished(() => {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    });
    const alertsCard = () =>
      screen.queryByRole('dialog', { name: 'Get told when a saved job changes?' });
    const saveFirst = async (id: string) => {
      const button = await screen.findByRole('button', { name: `Save Engineer ${id}` });
      await waitFor(() => expect(button).toBeEnabled());
      await userEvent.click(button);
      await screen.findByRole('button', { name: `Saved: Engineer ${id}` });
    };

    const signedOut = render(<SaveJobButton job={job('j1')} />);
    await saveFirst('j1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alertsCard()).toBeNull();
    signedOut.unmount();
    await unsaveJob('j1');

    signIn();
    render(<SaveJobButton job={job('j2')} />);
    await saveFirst('j2');
    await waitFor(() => expect(alertsCard()).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(alertsCard()).toBeNull();
    expect(localStorage.getItem('rh.push.explained')).toBe('1');
  });

  it('does not explain alerts where the browser has no push', async () => {
    signIn();
    const { container } = render(<SaveJobButton job={job('j3')} />);
    const button = await screen.findByRole('button', { name: 'Save Engineer j3' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await screen.findByRole('button', { name: 'Saved: Engineer j3' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.childElementCount).toBe(1); // the button alone
  });

  it('keeps a note typed without leaving the field, and queues only the newest one', async () => {
    signIn();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch'))); // offline
    await saveJob(job('j1'));
    await renderApp('/saved-jobs');
    const note = await screen.findByLabelText('Your note');
    await userEvent.type(note, 'ask Priya');
    expect(await screen.findByText('Note saved')).toBeInTheDocument();
    expect((await getSavedJob('j1'))?.note).toBe('ask Priya');
    await userEvent.type(note, ' today');
    expect(screen.queryByText('Note saved')).toBeNull(); // until the newer text is written
    expect(await screen.findByText('Note saved')).toBeInTheDocument();
    expect((await getSavedJob('j1'))?.note).toBe('ask Priya today');
    // The save queued offline carries the newest note: the unsent older ones were replaced.
    const actions = await getDb().outbox.toArray();
    expect(actions.map((a) => [a.kind, (a.payload as { note: string }).note])).toEqual([
      ['save', 'ask Priya today'],
    ]);
  });

  it('tries a note again when leaving the field after the device failed to write it', async () => {
    await saveJob(job('j1'));
    await renderApp('/saved-jobs');
    const note = await screen.findByLabelText('Your note');
    const table = getDb().table('savedJobs');
    const update = table.update.bind(table);
    const failOnce = vi
      .spyOn(table, 'update')
      .mockRejectedValueOnce(new Error('QuotaExceededError'));
    onTestFinished(() => {
      failOnce.mockRestore();
      dismissAllToasts();
    });
    await userEvent.type(note, 'ask Priya');
    await waitFor(() =>
      expect(getToasts().map((t) => t.message)).toContain(
        'Could not save your note on this device.',
      ),
    );
    expect((await getSavedJob('j1'))?.note ?? '').toBe('');
    failOnce.mockImplementation(update);
    await userEvent.tab(); // leaves the field with the same text
    expect(await screen.findByText('Note saved')).toBeInTheDocument();
    expect((await getSavedJob('j1'))?.note).toBe('ask Priya');
  });

  it('lists saved jobs with links to their details, and edits and removes them', async () => {
    await saveJob(job('j1', { status: 'CLOSED' }), 'first note');
    await renderApp('/saved-jobs');
    const item = (await screen.findAllByTestId('saved-job'))[0]!;
    expect(within(item).getByRole('link', { name: 'Engineer j1' })).toHaveAttribute(
      'href',
      '/jobs/Acme_Labs/j1',
    );
    expect(item).toHaveTextContent('No longer open');
    const note = within(item).getByLabelText('Your note');
    expect(note).toHaveValue('first note');
    await userEvent.clear(note);
    await userEvent.type(note, 'call HR');
    await userEvent.tab();
    await waitFor(async () => expect((await getSavedJob('j1'))?.note).toBe('call HR'));

    await userEvent.click(within(item).getByRole('button', { name: 'Remove Engineer j1' }));
    expect(await screen.findByText('You have not saved any jobs yet.')).toBeInTheDocument();
  });
});
