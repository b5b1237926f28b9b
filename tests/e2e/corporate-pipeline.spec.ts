import type { Browser } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { Shell, expect, test } from './support/fixtures';
import { signInAs } from './support/auth-page';
import { accessTokenOf, myApplications, type JobSummary } from './support/candidate-api';

// Issue 20 item 2 in real Chromium with the service worker: the demo candidate has applied to a
// job of the demo corporate admin's company; the admin opens the job's pipeline on a phone, goes
// offline and moves the applicant to Shortlisted (queued, shown at once, nothing reaches the
// server); on reconnect the move is sent once and the candidate's application shows the new
// state. The application stays (there is no withdrawing one); its state is put back to Applied
// through the pipeline at the end, so the candidate's list reads as before but for one entry.

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-corporate-pipeline';

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInAs(page, email);
  return { context, page };
}

test.describe('applicant pipeline', () => {
  test('an admin shortlists an applicant offline; on reconnect the candidate sees the new state', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    const admin = await signedIn(browser, 'corp-admin@example.com');
    await admin.page.waitForURL((url) => url.pathname.startsWith('/v1/corporate/jobs'));
    const adminToken = await accessTokenOf(admin.page);
    const company = await request.get('/api/corporate/company', {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const companyName = ((await company.json()) as { data: { name: string } }).data.name;

    // The candidate applies to one of the company's jobs they have not applied to.
    const candidate = await signedIn(browser, 'candidate@example.com');
    await candidate.page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    const candidateToken = await accessTokenOf(candidate.page);
    const listed = await request.get(
      `/jobs-api/job/?pageSize=100&dashboard=USER&companyName=${encodeURIComponent(companyName)}`,
    );
    const mine = new Set((await myApplications(request, candidateToken)).map((a) => a.jobId));
    const job = ((await listed.json()) as { data: JobSummary[] }).data.find(
      (j) => j.companyName === companyName && !j.isExternal && !mine.has(j.id),
    );
    if (!job) throw new Error(`no unapplied job of ${companyName} in the seed`);
    const applied = await request.post('/jobs-api/job-application/', {
      headers: { authorization: `Bearer ${candidateToken}` },
      data: { jobId: job.id, companyName: job.companyName, jobPortal: 'ReferralHub' },
    });
    expect(applied.status()).toBe(201);

    // The admin opens the pipeline online once (it is then saved on the device).
    const { page } = admin;
    await new Shell(page).waitForServiceWorkerControl();
    await page.goto(`/v1/corporate/jobs/${job.id}/applicants`);
    await expect(page.getByRole('heading', { name: `Applicants: ${job.jobTitle}` })).toBeVisible();
    const card = page.getByTestId('applicant-card').filter({ hasText: 'Priya Sharma' });
    await expect(card).toHaveAttribute('data-stage', 'applied');
    await expect(card.getByTestId('applicant-score')).toContainText('% match');
    await expect(card.getByTestId('score-parts')).toContainText('Core skills');
    await expect(card.getByRole('button', { name: 'View CV' })).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/pipeline-online.png`, fullPage: false });

    // Offline: the move is queued and shown at once; the server has not heard of it.
    await admin.context.setOffline(true);
    await card.getByTestId('applicant-stage').selectOption('shortlisted');
    await expect(card).toHaveAttribute('data-stage', 'shortlisted');
    await expect(card.getByTestId('applicant-pending')).toHaveText('Waiting to be sent');
    await expect(card.getByRole('button', { name: 'View CV' })).toBeDisabled();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/pipeline-offline-move.png`, fullPage: false });
    const noScroll = await page.evaluate(
      () => document.documentElement.scrollWidth <= window.innerWidth,
    );
    expect(noScroll).toBe(true);
    const stateOf = async () =>
      (await myApplications(request, candidateToken)).find((a) => a.jobId === job.id) as
        { status?: string } | undefined;
    expect((await stateOf())?.status).toBe('APPLIED');

    // Back online: sent once, the card settles, and the candidate's state follows.
    await admin.context.setOffline(false);
    await expect(card.getByTestId('applicant-pending')).toHaveCount(0, { timeout: 30_000 });
    await expect(card).toHaveAttribute('data-stage', 'shortlisted');
    await expect.poll(async () => (await stateOf())?.status).toBe('SHORTLISTED');

    await candidate.page.goto('/v1/candidate/profile');
    const entry = candidate.page
      .getByTestId('applications-list')
      .getByRole('listitem')
      .filter({ hasText: job.jobTitle });
    await expect(entry).toContainText('Shortlisted');
    await candidate.page.screenshot({ path: `${SHOTS}/candidate-application.png` });

    // Put the application back where it started (the shared demo candidate).
    const back = await request.post(`/api/corporate/jobs/${job.id}/applicants/move`, {
      headers: { authorization: `Bearer ${adminToken}` },
      data: {
        applicationIds: [await card.getAttribute('data-application-id')],
        stage: 'applied',
      },
    });
    expect(back.status()).toBe(200);
    await admin.context.close();
    await candidate.context.close();
  });

  test('an admin sees the company profile and users, and invites a recruiter whose link opens the invite', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    const admin = await signedIn(browser, 'corp-admin@example.com');
    await admin.page.waitForURL((url) => url.pathname.startsWith('/v1/corporate/jobs'));
    const { page } = admin;
    await page.goto('/v1/corporate/company');
    await expect(page.getByRole('textbox', { name: 'Work email domains' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/company.png` });

    await page.goto('/v1/corporate/users');
    await expect(page.getByRole('heading', { name: 'Company users' })).toBeVisible();
    await expect(page.getByTestId('company-user').filter({ hasText: '(you)' })).toHaveCount(1);
    const email = `invitee-${Date.now().toString(36)}@pipeline-e2e.example.com`;
    await page.getByRole('textbox', { name: 'Work email' }).fill(email);
    await page.getByRole('button', { name: 'Send invite' }).click();
    await expect(page.getByRole('status')).toHaveText(`Invite sent to ${email}.`);
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/users.png`, fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    const mail = await request.get(`/_dev/mail?to=${encodeURIComponent(email)}`);
    const [latest] = ((await mail.json()) as { data: { text: string }[] }).data;
    const link = /(\/corporate\/invite\/[A-Za-z0-9_-]+)/.exec(latest?.text ?? '')?.[1];
    expect(link).toBeTruthy();
    const visitor = await browser.newContext({ viewport: PHONE });
    const invitee = await visitor.newPage();
    await invitee.goto(link!);
    await expect(invitee.getByText(`invites ${email} to join as a recruiter`)).toBeVisible();
    await invitee.screenshot({ path: `${SHOTS}/invite.png` });
    await visitor.close();
    await admin.context.close();
  });
});
