import type { Page } from '@playwright/test';

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

  async scrollToEnd() {
    await this.page.getByTestId('end-marker').scrollIntoViewIfNeeded();
  }
}
