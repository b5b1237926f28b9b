import { describe, expect, it } from 'vitest';
import { postedText } from '@/domain/posted-text';

const DAY = 86_400_000;
const now = Date.parse('2026-11-27T12:00:00Z');

describe('postedText', () => {
  it('says how long ago a job was posted within a month', () => {
    expect(postedText(new Date(now - 2 * 60_000).toISOString(), now)).toBe('Posted today');
    expect(postedText(new Date(now - DAY).toISOString(), now)).toBe('Posted yesterday');
    expect(postedText(new Date(now - 29 * DAY).toISOString(), now)).toBe('Posted 29 days ago');
    expect(postedText(null, now)).toBe('');
    expect(postedText('not a date', now)).toBe('');
  });

  it('writes an older date as en-IN does, for every month', () => {
    for (let month = 0; month < 12; month++) {
      const date = new Date(2025, month, month + 3, 10);
      expect(postedText(date.toISOString(), now)).toBe(
        `Posted on ${date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })}`,
      );
    }
  });
});
