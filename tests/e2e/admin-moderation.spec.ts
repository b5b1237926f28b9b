import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD, userPoolCall, signInAs } from './support/auth-page';
import { jobPath } from './support/candidate-api';

// Issue 21 item 1 end to end in real Chromium at phone size: a company's post without a salary
// waits in the moderators' queue, the admin approves it and it appears on /jobs; a candidate
// reports another post from its page, the admin sees the report in the queue, marks the job bad
// and it leaves the listing; both actions are in the audit log. The two jobs are made here
// (through the jobs API as the demo corporate admin) and deleted at the end, so no demo job or
// account another spec relies on changes.

const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots-a1';

async function tokenOf(request: APIRequestContext, email: string) {
  const answer = await userPoolCall<{ AuthenticationResult: { AccessToken: string } }>(
    request,
    'InitiateAuth',
    {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
    },
  );
  return answer.AuthenticationResult.AccessToken;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function postJob(request: APIRequestContext, token: string, job: Record<string, unknown>) {
  const response = await request.post('/jobs-api/job/', {
    headers: bearer(token),
    data: {
      department: 'Operations',
      jobDescription: '<p>Run the morning shift of our Pune fulfilment centre.</p>',
      location: { city: 'Pune', fullLocation: ['Pune', 'Maharashtra'] },
      workMode: 'Onsite',
      typeofEmployment: 'Full-time',
      experienceRange: { min: 2, max: 5 },
      coreSkills: ['Logistics'],
      status: 'PUBLISHED',
      ...job,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string; status: string; companyName: string } })
    .data;
}

async function listedIds(request: APIRequestContext, title: string) {
  const response = await request.get(
    `/jobs-api/job/?pageSize=20&searchText=${encodeURIComponent(title)}`,
  );
  return ((await response.json()) as { data: { id: string }[] }).data.map((job) => job.id);
}

async function fitsThePhone(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the admin approves a post in review and marks a reported post bad', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const stamp = Date.now().toString(36);
  const pendingTitle = `Shift Supervisor ${stamp}`;
  const reportedTitle = `Night Picker ${stamp}`;
  const corpToken = await tokenOf(request, 'corp-admin@example.com');
  const adminToken = await tokenOf(request, 'admin@example.com');
  const pending = await postJob(request, corpToken, {
    jobTitle: pendingTitle,
    salaryRange: { min: null, max: null },
  });
  // issue 20 item 4: no salary range → waits for review, not listed.
  expect(pending.status).toBe('PENDING_REVIEW');
  const reported = await postJob(request, corpToken, {
    jobTitle: reportedTitle,
    salaryRange: { min: 4, max: 6 },
  });
  expect(reported.status).toBe('PUBLISHED');

  try {
    // --- The admin approves the post in review.
    const admin = await browser.newContext({ viewport: PHONE });
    const adminPage = await admin.newPage();
    await signInAs(adminPage, 'admin@example.com');
    await adminPage.waitForURL(/\/v1\/admin\/ajobs$/);
    await adminPage.getByLabel('Search').fill(pendingTitle);
    const pendingCard = adminPage.locator(`[data-testid="admin-job"][data-job-id="${pending.id}"]`);
    await expect(pendingCard).toBeVisible();
    await expect(pendingCard.getByTestId('job-flags')).toContainText('No salary range');
    await expect(pendingCard).toContainText('In review');
    await fitsThePhone(adminPage);
    await adminPage.screenshot({ path: `${SHOTS}/queue-review.png`, fullPage: true });
    await pendingCard.getByRole('button', { name: 'Approve' }).click();
    await expect(adminPage.getByRole('status').filter({ hasText: 'Approved' })).toBeVisible();

    // It appears on /jobs.
    const visitor = await browser.newContext({ viewport: PHONE });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/jobs?searchText=${encodeURIComponent(pendingTitle)}`);
    await expect(visitorPage.getByText(pendingTitle).first()).toBeVisible();
    await visitor.close();

    // --- A candidate reports the other post from its page.
    const candidate = await browser.newContext({ viewport: PHONE });
    const candidatePage = await candidate.newPage();
    await signInAs(candidatePage, 'candidate@example.com');
    await candidatePage.waitForURL(/\/v1\//);
    await candidatePage.goto(jobPath({ ...reported, jobTitle: reportedTitle, isExternal: false }));
    const reportButton = candidatePage.getByRole('button', { name: 'Report this job' });
    await expect(reportButton).toBeVisible({ timeout: 15_000 });
    await reportButton.click();
    const dialog = candidatePage.getByTestId('report-job-dialog');
    await dialog.getByLabel('Scam or asks for a fee').check();
    await dialog.getByLabel(/Anything we should know/).fill('They asked for ₹1,500 on WhatsApp');
    await fitsThePhone(candidatePage);
    await candidatePage.screenshot({ path: `${SHOTS}/report-dialog.png` });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(candidatePage.getByText('Thanks for reporting this job.')).toBeVisible();
    // Delivered through the outbox: the admins' reported queue has it.
    await expect
      .poll(async () => {
        const response = await request.get(
          `/api/admin/job-posts?queue=reported&q=${encodeURIComponent(reportedTitle)}`,
          { headers: bearer(adminToken) },
        );
        return ((await response.json()) as { total: number }).total;
      })
      .toBe(1);
    await candidate.close();

    // --- The admin sees the report and marks the job bad.
    await adminPage
      .getByRole('radiogroup', { name: 'Which jobs' })
      .getByText(/^Reported/)
      .click();
    await adminPage.getByLabel('Search').fill(reportedTitle);
    const reportedCard = adminPage.locator(
      `[data-testid="admin-job"][data-job-id="${reported.id}"]`,
    );
    await expect(reportedCard.getByTestId('job-reports')).toContainText(
      '1 report: Scam or asks for a fee ×1',
    );
    await expect(reportedCard).toContainText('They asked for ₹1,500 on WhatsApp');
    await adminPage.screenshot({ path: `${SHOTS}/queue-reported.png`, fullPage: true });
    await reportedCard.getByRole('button', { name: 'Mark bad' }).click();
    const reason = adminPage.getByRole('dialog');
    await reason.getByLabel('Reason').fill('Asks candidates for money');
    await adminPage.screenshot({ path: `${SHOTS}/reason-dialog.png` });
    await reason.getByRole('button', { name: 'Mark bad' }).click();
    await expect(adminPage.getByRole('status').filter({ hasText: 'Marked bad' })).toBeVisible();
    await expect(reportedCard).toBeHidden();

    // It left the listing, and its page says it is gone.
    await expect.poll(() => listedIds(request, reportedTitle)).not.toContain(reported.id);
    expect(await listedIds(request, pendingTitle)).toContain(pending.id);

    // --- Both actions are in the audit log.
    await adminPage.getByTestId('admin-nav').getByRole('link', { name: 'Audit' }).click();
    await adminPage.waitForURL(/\/v1\/admin\/audit$/);
    await adminPage.getByLabel('Subject', { exact: true }).selectOption('job');
    const entries = adminPage.getByTestId('audit-entry');
    await expect(entries.filter({ hasText: reported.id }).first()).toContainText('job.markBad');
    await expect(entries.filter({ hasText: reported.id }).first()).toContainText(
      'Asks candidates for money',
    );
    await expect(entries.filter({ hasText: pending.id }).first()).toContainText('job.approve');
    await fitsThePhone(adminPage);
    await adminPage.screenshot({ path: `${SHOTS}/audit.png` });
    await admin.close();
  } finally {
    // Leave the demo company's dashboard as it was.
    for (const id of [pending.id, reported.id]) {
      await request.delete(`/api/admin/job-posts/${id}`, {
        headers: bearer(adminToken),
        data: { reason: 'Test clean-up' },
      });
    }
  }
});
