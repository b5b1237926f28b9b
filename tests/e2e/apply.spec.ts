import { expect, test } from './support/fixtures';
import { signInAs } from './support/auth-page';
import { accessTokenOf, jobPath, myApplications, unappliedJobs } from './support/candidate-api';

// Issue 6: applying goes through the outbox (IndexedDB first, sent by the service worker or the
// page) and reaches the server exactly once, with the outcome shown in every open tab.

test.describe('applying through the outbox', () => {
  test.beforeEach(async ({ page, shell }) => {
    await signInAs(page, 'candidate@example.com');
    await page.waitForURL(/\/v1\/candidate/);
    await shell.waitForServiceWorkerControl();
  });

  test('apply offline, back online: one application on the server and Submitted in both tabs', async ({
    page,
    context,
    request,
  }) => {
    const token = await accessTokenOf(page);
    const [job] = await unappliedJobs(request, token, { skip: 0 });
    await page.goto(jobPath(job!));
    const other = await context.newPage();
    await other.goto(jobPath(job!));
    await expect(page.getByRole('heading', { level: 1, name: job!.jobTitle })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Apply', exact: true })).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByTestId('apply-pending')).toHaveText('Pending — will send when online');
    // Queued on the device, not on the server.
    await expect(other.getByTestId('apply-pending')).toBeVisible();

    await context.setOffline(false);
    const dialog = page.getByRole('dialog', { name: 'Application Submitted' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(other.getByTestId('apply-applied')).toHaveText('Applied');
    await dialog.getByRole('button', { name: 'Okay' }).click();
    await expect(page.getByTestId('apply-applied')).toBeVisible();

    const applications = await myApplications(request, token);
    expect(applications.filter((a) => a.jobId === job!.id)).toHaveLength(1);
    // Nothing left in the outbox: the header shows no pending actions.
    await expect(page.getByTestId('pending-actions')).toHaveCount(0);
  });

  test('a queued application the server already has ends as "Already submitted" (403 replay)', async ({
    page,
    context,
    request,
  }) => {
    const token = await accessTokenOf(page);
    const [job] = await unappliedJobs(request, token, { skip: 1 });
    await page.goto(jobPath(job!));
    // The job (and whether it was applied to) has loaded before the connection goes.
    await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByTestId('apply-pending')).toBeVisible();
    // While the phone is offline, the same application reaches the server from another device.
    const elsewhere = await request.post('/jobs-api/job-application/', {
      headers: { authorization: `Bearer ${token}` },
      data: { jobId: job!.id, companyName: job!.companyName, jobPortal: 'other-device' },
    });
    expect(elsewhere.status()).toBe(201);

    await context.setOffline(false);
    await expect(page.getByRole('dialog', { name: 'Already submitted' })).toBeVisible({
      timeout: 30_000,
    });
    expect((await myApplications(request, token)).filter((a) => a.jobId === job!.id)).toHaveLength(
      1,
    );
  });

  test('a server failure shows in the pending panel and goes through on Retry', async ({
    page,
    context,
    request,
  }) => {
    const token = await accessTokenOf(page);
    const [job] = await unappliedJobs(request, token, { skip: 2 });
    await page.goto(jobPath(job!));
    // The server is down for applications (503) and asks for 30 s: the action waits and says
    // why, and is not tried again on its own before then (so Send now is what sends it below).
    let failures = 0;
    await context.route('**/jobs-api/job-application/', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      failures += 1;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        headers: { 'retry-after': '30' },
        body: JSON.stringify({ errorMsg: 'Service unavailable' }),
      });
    });
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const indicator = page.getByTestId('pending-actions');
    await expect(indicator).toBeVisible();
    await expect.poll(() => failures).toBeGreaterThan(0);
    await indicator.click();
    const panel = page.getByRole('region', { name: 'Pending actions' });
    await expect(panel).toContainText(job!.jobTitle);
    await expect(panel).toContainText('Service unavailable');
    // Three seconds on, still one attempt: the server's 30 s is kept (the backoff alone, 0.5-1 s
    // then 1-2 s, would have tried twice more by now).
    await page.waitForTimeout(3_000);
    await expect(panel).toContainText('Waiting to retry · 1 attempt');

    await context.unroute('**/jobs-api/job-application/');
    expect(failures).toBe(1);
    await panel.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByRole('dialog', { name: 'Application Submitted' })).toBeVisible({
      timeout: 30_000,
    });
    expect((await myApplications(request, token)).filter((a) => a.jobId === job!.id)).toHaveLength(
      1,
    );
  });
});
