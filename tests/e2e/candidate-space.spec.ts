import { signInAs } from './support/auth-page';
import { accessTokenOf, jobPath, myApplications, unappliedJobs } from './support/candidate-api';
import { expect, test } from './support/fixtures';

// Issue 10: the candidate's own space, online and offline.

test.beforeEach(async ({ page, shell }) => {
  await signInAs(page, 'candidate@example.com');
  await page.waitForURL(/\/v1\/candidate\/profile/);
  await shell.waitForServiceWorkerControl();
});

test('my applications show an offline apply as pending, then as applied', async ({
  page,
  context,
  request,
}) => {
  const token = await accessTokenOf(page);
  const [job] = await unappliedJobs(request, token, { skip: 5 });
  await page.goto(jobPath(job!));
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeVisible();
  // Open the profile once online, so its data is on the device.
  await page.goto('/v1/candidate/profile');
  const applications = page.getByRole('region', { name: 'My applications' });
  await expect(applications).not.toContainText('Loading');
  await page.goto(jobPath(job!));
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByTestId('apply-pending')).toBeVisible();
  // The profile page opens offline (service worker + IndexedDB) and lists it as pending.
  await page.goto('/v1/candidate/profile');
  const item = applications.getByRole('listitem').filter({
    hasText: job!.jobTitle,
  });
  await expect(item.first()).toContainText('Pending — will send when online');

  await context.setOffline(false);
  await expect(item).toHaveCount(1, { timeout: 30_000 });
  await expect(item).toContainText('Applied');
  await expect(item).not.toContainText('Pending');
  expect((await myApplications(request, token)).filter((a) => a.jobId === job!.id)).toHaveLength(1);
});

test('Edit Profile from a job page returns there after saving (spec §2 returnUrl)', async ({
  page,
  request,
}) => {
  const token = await accessTokenOf(page);
  const [job] = await unappliedJobs(request, token, { skip: 6 });
  await page.goto(jobPath(job!));
  await expect(page.getByRole('heading', { level: 1, name: job!.jobTitle })).toBeVisible();

  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/v1\/candidate\/profile\?returnUrl=/);
  const notice = page.getByLabel('Notice period (days)');
  await expect(notice).toBeVisible();
  await notice.fill('45');
  await page.getByRole('button', { name: 'Save profile' }).click();

  await expect(page).toHaveURL(new RegExp(`${job!.id}$`));
  await expect
    .poll(async () => {
      const response = await request.get('/api/user/basic-details', {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { data: { noticePeriod?: number } }).data.noticePeriod;
    })
    .toBe(45);
});

test('a profile edit made offline shows as pending, then reaches the server on reconnect', async ({
  page,
  context,
  request,
}) => {
  const token = await accessTokenOf(page);
  const noticeOnServer = async () => {
    const response = await request.get('/api/user/basic-details', {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { data: { noticePeriod?: number } }).data.noticePeriod;
  };
  const before = await noticeOnServer();
  const wanted = before === 75 ? 80 : 75;

  // Invalid input is refused in the form, before anything is queued.
  await page.getByRole('button', { name: 'Edit your details' }).click();
  const notice = page.getByLabel('Notice period (days)');
  await notice.fill('400');
  await notice.blur();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Notice period must be between 0 and 365 days')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByTestId('pending-actions')).toHaveCount(0);

  await context.setOffline(true);
  await notice.fill(String(wanted));
  await page.getByRole('button', { name: 'Save profile' }).click();
  // Shown at once from the device, and waiting in the outbox.
  await expect(page.getByText(`${wanted} days`)).toBeVisible();
  const indicator = page.getByTestId('pending-actions');
  await expect(indicator).toBeVisible();
  await indicator.click();
  await expect(page.getByRole('region', { name: 'Pending actions' })).toContainText(
    'Profile change',
  );
  expect(await noticeOnServer()).toBe(before);

  await context.setOffline(false);
  await expect.poll(noticeOnServer, { timeout: 30_000 }).toBe(wanted);
  await expect(indicator).toHaveCount(0);
});

test('View CV opens the current CV through a short-lived link; offline it says why not', async ({
  page,
  context,
  request,
}) => {
  await page.goto('/v1/candidate/profile');
  const cv = page.getByRole('region', { name: 'CV' });
  const view = cv.getByRole('link', { name: 'View CV' });
  await expect(view).toBeVisible();
  await expect(view).toHaveAttribute('target', '_blank');
  const href = await view.getAttribute('href');
  expect(href).toMatch(/\/storage\/cv\/.+\.pdf\?expires=\d+&name=candidate-cv\.pdf&signature=/);

  // The link carries no token: anyone holding it gets the file until it expires, like S3.
  const file = await request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const tampered = await request.get(
    href!.replace(/expires=(\d+)/, (_m, s) => `expires=${+s + 60}`),
  );
  expect(tampered.status()).toBe(403);

  // The profile is persisted (throttled by a second) before the reload offline reads it.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('referralhub.query-cache') ?? ''))
    .toContain('basic-details');
  await context.setOffline(true);
  await page.reload();
  await expect(cv.getByTestId('cv-link-note')).toHaveText(
    'You can open your CV when you are online.',
  );
  await expect(cv.getByRole('link', { name: 'View CV' })).toHaveCount(0);
  await context.setOffline(false);
});

test('moving between the candidate and employee dashboards is remembered, offline too (spec §2)', async ({
  page,
  context,
  request,
}) => {
  const token = await accessTokenOf(page);
  const lastDashboard = async () => {
    const response = await request.get('/api/user/candidate@example.com/details', {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { lastAccessedDash: string }[])[0]!.lastAccessedDash;
  };
  await page.getByRole('link', { name: 'Switch to the employee dashboard' }).click();
  await expect(page).toHaveURL(/\/v1\/employee\/profile$/);
  await expect.poll(lastDashboard, { timeout: 20_000 }).toBe('EMP');
  // The avatar's Dashboard follows at once.
  await page.goto('/jobs');
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/v1\/employee\/profile$/);

  // Back to the candidate side while offline: remembered on the device, sent on reconnect.
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Switch to the candidate dashboard' }).click();
  await expect(page).toHaveURL(/\/v1\/candidate\/profile$/);
  expect(await lastDashboard()).toBe('EMP');
  await context.setOffline(false);
  await expect.poll(lastDashboard, { timeout: 30_000 }).toBe('CAND');
});
