import type { Locator, Page } from '@playwright/test';
import { signInAs } from './support/auth-page';
import { expect, test } from './support/fixtures';
import { JobDetailPage, JobListingPage } from './support/job-listing-page';

// Issue 7 journeys against the production build: scores computed in the Web Worker from the
// profile and jobs cached on the device, shown on cards and the job detail, kept offline.

interface CardScore {
  readonly score: number;
  readonly external: boolean;
}

/** Each card's match percentage and whether it is an external job, in screen order. */
async function cardScores(cards: Locator): Promise<CardScore[]> {
  return cards.evaluateAll((elements) =>
    elements.map((card) => ({
      score: Number.parseInt(
        card.querySelector('[data-testid="match-gauge"]')?.textContent ?? 'NaN',
        10,
      ),
      // The badge itself (the card's text runs its parts together: "ExternalKochi").
      external: [...card.querySelectorAll('span')].some(
        (el) => el.textContent?.trim() === 'External',
      ),
    })),
  );
}

/** spec §9: own jobs scoring ≥ 50 first, then score descending within each group. */
function expectMatchOrder(scores: readonly CardScore[]) {
  const group = (s: CardScore) => (!s.external && s.score >= 50 ? 0 : 1);
  for (let i = 1; i < scores.length; i++) {
    const [a, b] = [scores[i - 1]!, scores[i]!];
    expect(
      group(a) < group(b) || (group(a) === group(b) && a.score >= b.score),
      `cards ${i - 1} and ${i} out of order in ${JSON.stringify(scores)}`,
    ).toBe(true);
  }
}

async function signInAndOpenJobs(page: Page, email: string) {
  await signInAs(page, email);
  await expect(page).toHaveURL(/\/v1\/candidate\/profile$/);
  const jobs = new JobListingPage(page);
  await jobs.open();
  await expect(jobs.cards()).toHaveCount(10);
  return jobs;
}

test('a candidate sees match scores on /jobs and the job detail, online and offline', async ({
  page,
  context,
  shell,
}) => {
  const jobs = await signInAndOpenJobs(page, 'candidate@example.com');
  await shell.waitForServiceWorkerControl();
  await expect(jobs.cards().getByTestId('match-score')).toHaveCount(10);
  await expect(page.getByTestId('upload-cv-prompt')).toHaveCount(0);
  const online = await cardScores(jobs.cards());
  for (const { score } of online) expect(score).toBeGreaterThanOrEqual(0);
  for (const { score } of online) expect(score).toBeLessThanOrEqual(90); // spec §9 cap
  expect(new Set(online.map((s) => s.score)).size).toBeGreaterThan(1);
  expectMatchOrder(online);

  // The detail shows the gauge and the four parts of the score.
  const title = (await jobs.cardTitles().first().innerText()).trim();
  await jobs.cardTitles().first().getByRole('link').click();
  await expect(new JobDetailPage(page).heading()).toHaveText(title);
  const match = page.getByTestId('job-match');
  await expect(match.getByRole('img', { name: `${online[0]?.score}% match` })).toBeVisible();
  for (const part of ['Core skills', 'Experience', 'Responsibilities', 'Soft skills']) {
    await expect(match.getByText(part, { exact: true })).toBeVisible();
  }
  await page.goBack();
  await expect(jobs.cards().getByTestId('match-score')).toHaveCount(10);

  // Offline reload: the scores come from IndexedDB, the order holds.
  await context.setOffline(true);
  await page.reload();
  await expect(jobs.cachedBanner()).toBeVisible();
  await expect(jobs.cards().getByTestId('match-score')).toHaveCount(10);
  expect(await cardScores(jobs.cards())).toEqual(online);

  // A changed profile (as after a new CV) is rescored in full in the worker, still offline, and
  // the list re-sorts. The record is edited in IndexedDB directly, so the page is reloaded.
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('referralhub');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
    const store = db.transaction('profile', 'readwrite').objectStore('profile');
    const row = await new Promise<{ value: Record<string, unknown> }>((resolve) => {
      const get = store.get('candidate');
      get.onsuccess = () => resolve(get.result as { value: Record<string, unknown> });
    });
    row.value.profile = { coreSkills: ['Java'], softSkills: [], yearsOfExperience: 12 };
    row.value.version = 'e2e-java-profile';
    await new Promise((resolve) => (store.put(row).onsuccess = resolve));
    db.close();
  });
  await page.reload();
  await expect(jobs.cards().getByTestId('match-score')).toHaveCount(10);
  await expect
    .poll(async () => JSON.stringify(await cardScores(jobs.cards())))
    .not.toBe(JSON.stringify(online));
  expectMatchOrder(await cardScores(jobs.cards()));
  await context.setOffline(false);
});

test('a candidate without a CV is asked to upload one', async ({ page }) => {
  const jobs = await signInAndOpenJobs(page, 'newcandidate@example.com');
  const prompt = page.getByTestId('upload-cv-prompt');
  await expect(prompt).toContainText('Upload your CV');
  await expect(jobs.cards().getByTestId('match-score')).toHaveCount(0);
  await prompt.getByRole('link', { name: 'Upload your CV' }).click();
  await expect(page).toHaveURL(/\/v1\/candidate\/profile$/);
});

test('signed-out visitors see no scores (spec §6)', async ({ page }) => {
  const jobs = new JobListingPage(page);
  await jobs.open();
  await expect(jobs.cards()).toHaveCount(10);
  await expect(page.getByTestId('match-score')).toHaveCount(0);
  await expect(page.getByTestId('match-pending')).toHaveCount(0);
  await expect(page.getByTestId('upload-cv-prompt')).toHaveCount(0);
});
