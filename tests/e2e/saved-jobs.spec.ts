import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { signInAs } from './support/auth-page';
import { expect, test } from './support/fixtures';

interface ApiJob {
  id: string;
  jobTitle: string;
  companyName: string;
}

async function someJobs(request: APIRequestContext, count: number): Promise<ApiJob[]> {
  const response = await request.get(`/jobs-api/job/?pageSize=${count}`);
  const { data } = (await response.json()) as { data: ApiJob[] };
  return data;
}

const detailPath = (job: ApiJob) =>
  `/jobs/${job.companyName.trim().replace(/\s+/g, '_')}/${job.id}`;

/**
 * The registration id of the service worker controlling this page, for CDP's ServiceWorker
 * domain. Matched by the page's target id: the domain also reports registrations of earlier
 * browser contexts on the same origin.
 */
async function registrationId(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  const id = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const mine = versions.find((v) => v.controlledClients?.includes(targetInfo.targetId));
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, id: await id };
}

/** The signed-in user's access token, as Amplify keeps it in localStorage. */
function storedAccessToken(page: Page) {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.accessToken'))
        return localStorage.getItem(key);
    }
    return null;
  });
}

async function serverSavedJobs(request: APIRequestContext, token: string) {
  const response = await request.get('/api/saved-jobs', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { jobId: string; note: string | null }[] };
  return data;
}

async function serverSavedIds(request: APIRequestContext, token: string) {
  return (await serverSavedJobs(request, token)).map((row) => row.jobId);
}

test.describe('saved jobs', () => {
  test('saved jobs and their details open offline after a reload', async ({
    page,
    context,
    shell,
    request,
  }) => {
    const [first, second] = await someJobs(request, 2);
    if (!first || !second) throw new Error('the demo data has no jobs');
    await page.goto('/jobs');
    await shell.waitForServiceWorkerControl();

    for (const job of [first, second]) {
      const save = page.getByRole('button', { name: `Save ${job.jobTitle}` }).first();
      await save.click();
      await expect(
        page.getByRole('button', { name: `Saved: ${job.jobTitle}` }).first(),
      ).toHaveAttribute('aria-pressed', 'true');
    }

    await page.goto('/saved-jobs');
    await expect(page.getByTestId('saved-job')).toHaveCount(2);
    const firstSaved = page.getByTestId('saved-job').first();
    // Kept as it is typed, without leaving the field; the reload waits for what the user sees.
    await firstSaved.getByLabel('Your note').fill('Ask Priya for a referral');
    await expect(firstSaved.getByRole('status')).toHaveText('Note saved');

    await context.setOffline(true);
    await page.reload();
    await expect(shell.heading()).toHaveText('Saved jobs');
    await expect(page.getByTestId('saved-job')).toHaveCount(2);
    await expect(page.getByTestId('saved-job').first().getByLabel('Your note')).toHaveValue(
      'Ask Priya for a referral',
    );

    await page.getByRole('link', { name: first.jobTitle }).click();
    await expect(page).toHaveURL(new RegExp(`${first.id}$`));
    await expect(shell.heading()).toHaveText(first.jobTitle);
    await expect(page.getByRole('button', { name: `Saved: ${first.jobTitle}` })).toBeVisible();

    // Unsave offline: the list follows at once.
    await page.getByRole('button', { name: `Saved: ${first.jobTitle}` }).click();
    await page.goBack();
    await expect(page.getByTestId('saved-job')).toHaveCount(1);
    await context.setOffline(false);
  });

  test('a push shows a notification, fetches the job for offline, and its click opens it', async ({
    page,
    context,
    shell,
    request,
    baseURL,
  }) => {
    const jobs = await someJobs(request, 12);
    const job = jobs.at(-1);
    if (!job || !baseURL) throw new Error('the demo data has no jobs');
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.goto('/saved-jobs');
    await shell.waitForServiceWorkerControl();

    const [worker] = context.serviceWorkers();
    if (!worker) throw new Error('no service worker');
    // Chromium can drop a notification from getNotifications() when that call races its display
    // (2 runs in 80 before this): the list is read once the worker's showNotification resolved.
    await worker.evaluate(() => {
      const scope = globalThis as unknown as {
        registration: { showNotification: (...args: unknown[]) => Promise<void> };
        notificationsShown: number;
      };
      const show = scope.registration.showNotification.bind(scope.registration);
      scope.notificationsShown = 0;
      scope.registration.showNotification = (...args) =>
        show(...args).then(() => {
          scope.notificationsShown++;
        });
    });
    const { cdp, id } = await registrationId(context, page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL,
      registrationId: id,
      data: JSON.stringify({
        title: 'A saved job has closed',
        body: `${job.jobTitle} at ${job.companyName} is no longer open.`,
        url: detailPath(job),
        jobId: job.id,
        tag: `job-${job.id}`,
      }),
    });

    const shownNotification = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const [notification] = await registration.getNotifications();
        return notification
          ? {
              title: notification.title,
              body: notification.body,
              data: notification.data as unknown,
              actions: (notification as Notification & { actions?: { title: string }[] }).actions,
            }
          : null;
      });
    await expect
      .poll(() =>
        worker.evaluate(
          () => (globalThis as unknown as { notificationsShown: number }).notificationsShown,
        ),
      )
      .toBe(1);
    await expect.poll(shownNotification).not.toBeNull();
    expect(await shownNotification()).toEqual({
      title: 'A saved job has closed',
      body: `${job.jobTitle} at ${job.companyName} is no longer open.`,
      data: { url: detailPath(job), jobId: job.id },
      actions: [expect.objectContaining({ title: 'View job' })],
    });

    // The job was fetched into the device's cache by the worker: it opens with no network.
    await expect
      .poll(() =>
        page.evaluate(
          (jobId) =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('referralhub');
              open.onsuccess = () => {
                const get = open.result.transaction('jobs').objectStore('jobs').get(jobId);
                get.onsuccess = () => resolve(get.result !== undefined);
                get.onerror = () => resolve(false);
              };
              open.onerror = () => resolve(false);
            }),
          job.id,
        ),
      )
      .toBe(true);

    // Playwright cannot click an OS notification: the worker gets the click event as the
    // browser would send it, with the notification it showed.
    await context.setOffline(true);
    await worker.evaluate(async () => {
      // The worker's global scope (this tsconfig has no WebWorker lib).
      const scope = globalThis as unknown as {
        registration: { getNotifications: () => Promise<unknown[]> };
        NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
        dispatchEvent: (event: Event) => boolean;
      };
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error('no notification');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    });
    await expect(page).toHaveURL(new RegExp(`/jobs/[^/]+/${job.id}$`));
    await expect(shell.heading()).toHaveText(job.jobTitle);
    await context.setOffline(false);
  });

  test('signed in, saves and notes reach the server; an unsave made offline syncs on reconnect', async ({
    page,
    context,
    shell,
    request,
  }) => {
    const [job] = await someJobs(request, 1);
    if (!job) throw new Error('the demo data has no jobs');
    await signInAs(page, 'candidate@example.com');
    await expect(page).toHaveURL(/\/v1\/candidate\/profile$/);
    const token = await storedAccessToken(page);
    if (!token) throw new Error('no access token stored');

    await page.goto(detailPath(job));
    await shell.waitForServiceWorkerControl();
    await page.getByRole('button', { name: `Save ${job.jobTitle}` }).click();
    await expect.poll(() => serverSavedIds(request, token)).toContain(job.id);

    // The Saved jobs screen is reachable from the avatar menu (issue 8).
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Saved jobs' }).click();
    await expect(page).toHaveURL(/\/saved-jobs$/);
    await expect(page.getByTestId('saved-job')).toHaveCount(1);

    // A note typed offline reaches the server on reconnect.
    await context.setOffline(true);
    await page.getByLabel('Your note').fill('Referral asked on Monday');
    await expect(page.getByRole('status').filter({ hasText: 'Note saved' })).toBeVisible();
    await context.setOffline(false);
    await expect
      .poll(async () => (await serverSavedJobs(request, token)).find((r) => r.jobId === job.id))
      .toMatchObject({ note: 'Referral asked on Monday' });

    await context.setOffline(true);
    await page.getByRole('button', { name: `Remove ${job.jobTitle}` }).click();
    await expect(page.getByText('You have not saved any jobs yet.')).toBeVisible();
    expect(await serverSavedIds(request, token)).toContain(job.id);

    await context.setOffline(false);
    await expect
      .poll(() => serverSavedIds(request, token), { timeout: 20_000 })
      .not.toContain(job.id);
  });
});
