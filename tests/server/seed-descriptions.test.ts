import { describe, expect, it } from 'vitest';
import { generateCompanies, generateJobs, withArticle } from '../../server/seed/generate';

// Issue 26 item 9: the demo descriptions read as English ("an Automation Test Engineer").
describe('seed job descriptions', () => {
  it('use "an" before a vowel and "a" otherwise', () => {
    expect(withArticle('Automation Test Engineer')).toBe('an Automation Test Engineer');
    expect(withArticle('Data Analyst')).toBe('a Data Analyst');
  });

  it('never say "a" before a title that starts with a vowel', () => {
    const jobs = generateJobs(400, generateCompanies(20));
    const wrong = jobs.filter((job) => / is hiring a [AEIOU]/i.test(job.jobDescription ?? ''));
    expect(wrong.map((job) => job.jobTitle)).toEqual([]);
    expect(jobs.some((job) => / is hiring an [AEIOU]/i.test(job.jobDescription ?? ''))).toBe(true);
  });
});
