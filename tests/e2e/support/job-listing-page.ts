import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the list shows at least one card and every card's text passes `check`. A search or
 * a filter re-renders the list a moment after the URL changes: until then the cards shown are the
 * previous list's, and reading them as soon as one is visible reads those (a fresh-clone run did).
 */
async function expectEvery(cards: Locator, check: (text: string) => void) {
  await expect(async () => {
    const texts = await cards.allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) check(text);
  }).toPass({ timeout: 10_000 });
}

/** The /jobs listing as a user sees it. */
export class JobListingPage {
  constructor(readonly page: Page) {}

  async open(search = '') {
    await this.page.goto(`/jobs${search}`);
  }

  cards() {
    return this.page.getByTestId('job-card');
  }

  cardTitles() {
    return this.cards().getByRole('heading', { level: 2 });
  }

  /** Once a search or filter has applied: every card's text passes `check`. */
  async expectEveryCard(check: (text: string) => void) {
    await expectEvery(this.cards(), check);
  }

  async expectEveryTitle(check: (title: string) => void) {
    await expectEvery(this.cardTitles(), check);
  }

  searchBox() {
    return this.page.getByRole('searchbox', { name: 'Search by title, skill or company' });
  }

  async search(text: string) {
    await this.searchBox().fill(text);
    await this.searchBox().press('Enter');
  }

  filters() {
    return this.page.getByRole('complementary', { name: 'Filters' });
  }

  async toggleFilter(group: string, option: string) {
    await this.filters()
      .getByRole('group', { name: group })
      .getByRole('button', { name: option })
      .click();
  }

  findMore() {
    return this.page.getByRole('button', { name: 'Find More Jobs' });
  }

  cachedBanner() {
    return this.page.getByTestId('cached-banner');
  }
}

/** /jobs/{companyName}/{jobId}. */
export class JobDetailPage {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  description() {
    return this.page.getByTestId('job-description');
  }

  applyButton() {
    return this.page.getByRole('button', { name: 'Apply' });
  }
}

/** /referrals: company mode of the listing. */
export class CompanyListingPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/referrals');
  }

  cards() {
    return this.page.getByTestId('company-card');
  }

  async expectEveryCard(check: (text: string) => void) {
    await expectEvery(this.cards(), check);
  }

  async scrollToEnd() {
    await this.page.getByTestId('end-marker').scrollIntoViewIfNeeded();
  }
}
