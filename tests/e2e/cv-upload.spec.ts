import { startServer, type RunningServer } from '../../scripts/lib/server-process';
import { textCv } from '../server/support/cv-pdfs';
import { signedInOn } from './support/auth-page';
import { accessTokenOf, jobPath, type JobSummary } from './support/candidate-api';
import { expect, test } from './support/fixtures';

// Issue 6: a CV chosen while offline is kept on the device, uploads when the connection is back
// (signed URL → PUT → PATCH, through the outbox), and the parsed profile arrives. Its own server
// (fresh database), because the upload changes the demo candidate's profile.

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer(process.env.E2E_DIST_DIR ?? 'dist');
});

test.afterAll(async () => {
  await server?.stop();
});

test('a CV uploaded offline goes through when back online and the parsed profile appears', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await signedInOn(browser, server.url, 'newcandidate@example.com');
  const token = await accessTokenOf(page);
  // The fixture's `request` waits out a busy server's 503 (support/fixtures.ts); any other
  // answer than 200 fails with what the server said.
  const basicDetails = async () => {
    const res = await request.get(`${server.url}/api/user/basic-details`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: { isCvExtracted: boolean; coreSkills: unknown[] } }).data;
  };
  expect((await basicDetails()).isCvExtracted).toBe(false);

  const listing = await request.get(`${server.url}/jobs-api/job/?pageSize=1&dashboard=USER`);
  const [job] = ((await listing.json()) as { data: JobSummary[] }).data;
  const detailsLoaded = page.waitForResponse((r) => r.url().endsWith('/api/user/basic-details'));
  await page.goto(jobPath(job!));
  await detailsLoaded;

  // No CTC and no CV (spec §4): Apply asks for the profile first.
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const incomplete = page.getByRole('dialog', { name: 'Profile Incomplete' });
  await expect(incomplete).toBeVisible();
  await incomplete.getByRole('button', { name: 'Update Resume' }).click();

  const modal = page.getByRole('dialog', { name: 'Update your resume' });
  await expect(modal).toBeVisible();
  // spec §5: a wrong file is refused with its message.
  await modal.locator('input[type=file]').setInputFiles({
    name: 'cv.docx',
    mimeType: 'application/msword',
    buffer: Buffer.from('not a pdf'),
  });
  await modal.getByRole('button', { name: 'Update Resume' }).click();
  await expect(modal.getByRole('alert')).toHaveText(
    /Only PDF files are allowed\.|Please select a PDF file before uploading\./,
  );

  await modal.locator('input[type=file]').setInputFiles({
    name: 'my-cv.pdf',
    mimeType: 'application/pdf',
    buffer: await textCv(),
  });
  await expect(modal.getByText('Selected: my-cv.pdf')).toBeVisible();
  await context.setOffline(true);
  await modal.getByRole('button', { name: 'Update Resume' }).click();
  await expect(modal.getByText(/saved on this device/)).toBeVisible();
  await expect(page.getByTestId('pending-actions')).toBeVisible();

  // Back online: uploaded, read, and the page reloads by itself (spec §4 steps 4–6; the
  // "CV uploaded successfully" toast may be gone by then, so the reload is what we wait for).
  const reloaded = page.waitForEvent('load', { timeout: 60_000 });
  await context.setOffline(false);
  await reloaded;
  await expect
    .poll(async () => (await basicDetails()).isCvExtracted, { timeout: 40_000 })
    .toBe(true);
  expect((await basicDetails()).coreSkills.length).toBeGreaterThan(0);
  await expect(page.getByTestId('pending-actions')).toHaveCount(0);

  // The parsed profile appears on the candidate's page.
  await page.goto('/v1/candidate/profile');
  await expect(page.getByTestId('cv-state')).toContainText('my-cv.pdf');
  await expect(page.getByTestId('cv-state')).toContainText('has been read');
  await context.close();
});
