import { describe, expect, it } from 'vitest';
import { sanitizeJobHtml } from '@/features/jobs';
import { validateJobSearch } from '@/routes/jobs/-search-params';

// What the sanitiser keeps and removes is tested in real Chromium (job-html-browser.test.ts and
// tests/e2e/listings.spec.ts): under happy-dom DOMPurify sees every element as unknown (its
// Node.prototype.nodeName getter answers ''), so it can show nothing about the output here.
describe('job descriptions', () => {
  it('are empty when there is no description', () => {
    expect(sanitizeJobHtml(null)).toBe('');
  });
});

describe('/jobs search params', () => {
  it('keeps valid filters and drops bad or empty ones', () => {
    expect(
      validateJobSearch({
        searchText: 'react',
        location: ['Pune'],
        workMode: 'Remote',
        salaryRange: '10-15',
        dashboard: 'NOPE',
        coreSkills: [],
        experienceRange: '  ',
        department: [1, 2],
      }),
    ).toEqual({ searchText: 'react', location: ['Pune'], salaryRange: '10-15' });
    expect(validateJobSearch({ dashboard: 'USER' })).toEqual({ dashboard: 'USER' });
  });
});
