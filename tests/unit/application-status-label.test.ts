/** What a candidate reads for an application's state ("My applications"). */
import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, applicationStatusLabel } from '@/domain/contract/applications';

describe('applicationStatusLabel', () => {
  it('words every state for a person, never the raw code', () => {
    for (const status of APPLICATION_STATUSES) {
      const label = applicationStatusLabel(status);
      expect(label).not.toBe(status);
      expect(label).toMatch(/^[A-Z][a-z]+( [a-z]+)?$/);
    }
    expect(applicationStatusLabel('SHORTLISTED')).toBe('Shortlisted');
    expect(applicationStatusLabel('REJECTED')).toBe('Not selected');
  });

  it('reads a missing or unknown state as Applied', () => {
    expect(applicationStatusLabel(null)).toBe('Applied');
    expect(applicationStatusLabel('SOMETHING_NEW')).toBe('Applied');
  });
});
