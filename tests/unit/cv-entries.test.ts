/**
 * Experience entries, the current designation and years of experience (issue 22: designation
 * and years classes), on CV lines as the layout stage gives them.
 */
import { describe, expect, it } from 'vitest';
import { experienceEntries } from '../../server/cv/entries';
import { yearsOfExperience } from '../../server/cv/experience';
import { titleInCell } from '../../server/cv/job-titles';
import { findDesignation } from '../../server/cv/profile-fields';
import { splitSections } from '../../server/cv/sections';

const now = new Date('2026-11-15T00:00:00Z');
// A line: cells separated by " || " in the test's shorthand (a wide gap on the page).
const cv = (...lines: string[]) =>
  splitSections(
    lines.map((text) => {
      const cells = text.split(' || ');
      return { cells, text: cells.join(' | ') };
    }),
  );
const designation = (...lines: string[]) => findDesignation(cv(...lines), now);
const years = (...lines: string[]) => yearsOfExperience(cv(...lines), now);

describe('designation', () => {
  it('reads the title on the line below the company and dates', () => {
    expect(
      designation(
        'EXPERIENCE',
        'Zipcart Pvt Ltd || Mar 2021 - Present',
        'Engineering Manager',
        '- Managed the catalogue teams.',
        'Northwind Infotech || Jul 2012 - Feb 2021',
        'Software Developer',
      ),
    ).toBe('Engineering Manager');
  });

  it('keeps a long latest title whole instead of an older short one', () => {
    expect(
      designation(
        'EXPERIENCE',
        'Associate Vice President - Data Engineering and Analytics Platforms || Sep 2021 - Present',
        'Engineering Manager || Mar 2017 - Aug 2021',
      ),
    ).toBe('Associate Vice President - Data Engineering and Analytics Platforms');
  });

  it('does not take a summary sentence or a student tagline as the title', () => {
    expect(
      designation(
        'Arjun Nair',
        'An aspiring engineer who loves building Android apps.',
        'Data engineer with experience in Python and Spark.',
        'EXPERIENCE',
        'Android Developer, Appvista || 07/24 – Now',
      ),
    ).toBe('Android Developer');
    expect(designation('Arjun Nair', 'An aspiring engineer who loves building apps.')).toBeNull();
  });

  it('drops a label and a glued-on company', () => {
    expect(
      designation('EXPERIENCE', 'Testrig Solutions - Role: QA Lead', '(06/2023 - Till Date)'),
    ).toBe('QA Lead');
    expect(designation('EXPERIENCE', 'Lead Java Developer Acme Solutions || 2021 - Present')).toBe(
      'Lead Java Developer',
    );
    expect(
      designation(
        'EXPERIENCE',
        'Company || Awadh Telecom',
        'Designation || Sales Manager',
        'Duration || Jan 2020 to Present',
      ),
    ).toBe('Sales Manager');
  });

  it('takes the latest promotion and reads oldest-first lists', () => {
    expect(
      designation(
        'EXPERIENCE',
        'Testrig Solutions',
        'Senior QA Engineer || 02/2020 - 05/2023',
        '- Automated regression.',
        'QA Lead || 06/2023 - Present',
      ),
    ).toBe('QA Lead');
    expect(
      designation(
        'EXPERIENCE',
        'Business Analyst, Ledger || Jun 2017 to May 2019',
        'Product Manager, Learnbox || May 2019 to Oct 2022',
        'Senior Product Manager, Healthnest || Nov 2022 to Current',
      ),
    ).toBe('Senior Product Manager');
  });

  it('keeps a field after a dash but not a company', () => {
    expect(titleInCell('Sales Manager - Enterprise Accounts')?.title).toBe(
      'Sales Manager - Enterprise Accounts',
    );
    expect(titleInCell('Manager - FP&A')?.title).toBe('Manager - FP&A');
    expect(titleInCell('Software Engineer - Acme Technologies Pvt Ltd')?.title).toBe(
      'Software Engineer',
    );
    expect(titleInCell('Data Engineer II at Retailmind Analytics')?.title).toBe('Data Engineer II');
  });

  it('falls back to the tagline under the name, without its brackets', () => {
    expect(designation('Rahul Verma', 'Full Stack Developer (MERN)', 'rahul@example.com')).toBe(
      'Full Stack Developer',
    );
  });
});

describe('years of experience', () => {
  it('counts only jobs: not projects, activities, education or certifications', () => {
    expect(
      years(
        'EXPERIENCE',
        'Engineer, Acme || Jan 2020 - Dec 2021',
        'PROJECTS',
        'Chat app || 2015 - 2019',
        'LEADERSHIP & ACTIVITIES',
        'Club lead || 2012 - 2016',
        'EDUCATION',
        'B.Tech || 2008 - 2012',
        'CERTIFICATIONS',
        'AWS Architect || Jan 2021 - Jan 2024',
      ),
    ).toBe(2);
  });

  it('leaves internships out and merges overlapping jobs', () => {
    expect(
      years(
        'EXPERIENCE',
        'Engineer, Acme || Jan 2020 - Dec 2022',
        'Consultant (part-time), Beta || Jun 2021 - Jun 2023',
        'Software Engineer Intern, Gamma || Jan 2019 - Jun 2019',
        'INTERNSHIPS',
        'Analyst, Delta || Jan 2018 - Dec 2018',
      ),
    ).toBe(3.5);
  });

  it('leaves a career gap out and runs the current job to this month', () => {
    // Jan 2015 - Dec 2016 (24) and Nov 2024 - now (24).
    expect(
      years('EXPERIENCE', 'Analyst || Jan 2015 - Dec 2016', 'Manager || Nov 2024 - Present'),
    ).toBe(4);
  });

  it('is 0 for a CV whose only job is an internship, null for none', () => {
    const entries = experienceEntries(
      cv('EXPERIENCE', 'Data Analyst Intern || Jun 2026 - Present'),
      now,
    );
    expect(entries).toMatchObject([{ title: 'Data Analyst Intern', internship: true }]);
    expect(years('EXPERIENCE', 'Data Analyst Intern || Jun 2026 - Present')).toBe(0);
    expect(years('Asha', 'SKILLS', 'Java')).toBeNull();
  });

  it('uses a stated figure when no job is dated', () => {
    expect(years('Backend engineer with 7+ years of experience in Java.')).toBe(7);
  });
});
