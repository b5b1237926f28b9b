import { describe, expect, it } from 'vitest';
import { sanitizeJobHtml } from '@/features/jobs';
import { validateJobSearch } from '@/routes/jobs/-search-params';

// Sanitization itself is tested in real Chromium (tests/e2e/listings.spec.ts): happy-dom's node
// iteration skips siblings of removed nodes, so DOMPurify leaves payloads behind under happy-dom.
describe('job descriptions', () => {
  it('keep formatting and open links safely in a new tab', () => {
    const clean = sanitizeJobHtml(
      '<p>Hi <strong>there</strong> <a href="https://ok.example">ok</a></p>',
    );
    expect(clean).toContain('<strong>there</strong>');
    expect(clean).toContain(
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://ok.example">',
    );
  });

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
