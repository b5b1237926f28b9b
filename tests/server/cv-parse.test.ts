/**
 * The CV parser on generated PDFs (no server): what a user would see in their profile after
 * uploading each kind of CV, and the message they get for files that cannot be read.
 */
import { describe, expect, it } from 'vitest';
import { findDateRanges, mergedMonths } from '../../server/cv/date-ranges';
import { parseCv } from '../../server/cv/parse-cv';
import { CV_PARSE_ERRORS } from '../../server/cv/parse-errors';
import { findCtc } from '../../server/cv/profile-fields';
import { MAX_PAGES } from '../../server/cv/read-pdf';
import {
  column,
  corruptPdf,
  garbledCv,
  makePdf,
  scannedCv,
  textCv,
  twoColumnCv,
} from './support/cv-pdfs';

const now = new Date('2026-11-22T00:00:00Z');

describe('parseCv on a one-column text CV', () => {
  it('finds designation, CTC, location and canonical skills', async () => {
    const profile = await parseCv(await textCv(), now);
    expect(profile.designation).toBe('Senior Software Engineer');
    expect(profile.ctc).toBe(24); // "Current CTC: 24 LPA", not the expected CTC
    expect(profile.location).toBe('Bengaluru'); // "Bangalore" → the city name jobs use
    expect(profile.coreSkills).toEqual(
      expect.arrayContaining(['React', 'TypeScript', 'Go', 'Node.js', 'GraphQL']),
    );
    expect(profile.coreSkills).not.toContain('ReactJS');
    expect(profile.technicalSkills).toEqual(expect.arrayContaining(['Docker', 'PostgreSQL']));
    expect(profile.softSkills).toEqual(['Communication', 'Leadership']);
  });

  it('merges overlapping jobs and leaves out the internship, projects and education', async () => {
    // Jun 2018 – Dec 2023 once merged: 67 months.
    expect((await parseCv(await textCv(), now)).yoe).toBe(5.6);
  });
});

describe('parseCv on a two-column CV', () => {
  it('reads the sidebar and the main column as separate sections', async () => {
    const profile = await parseCv(await twoColumnCv(), now);
    expect(profile.designation).toBe('Data Engineer');
    expect(profile.location).toBe('Hyderabad');
    // "Go" counts only inside a skills section: it proves the sidebar was read as one.
    expect(profile.coreSkills).toEqual(expect.arrayContaining(['React', 'Python', 'Go']));
    expect(profile.technicalSkills).toEqual(expect.arrayContaining(['Kubernetes', 'Airflow']));
    expect(profile.softSkills).toContain('Teamwork');
    // Jul 2017 – Feb 2023, dates on the line under each title: 68 months.
    expect(profile.yoe).toBe(5.7);
    expect(profile.ctc).toBeNull();
  });

  it('keeps "Go" out of prose outside a skills section', async () => {
    const pdf = await makePdf([
      column(50, 780, 14, [
        'Meera Iyer',
        'Product Manager',
        'EXPERIENCE',
        ['Product Manager, Delta', 'Apr 2020 - Mar 2024'],
        '- Helped teams go to market faster with Jira and SQL reporting.',
        'Stakeholder management and communication across time zones and teams.',
      ]),
    ]);
    const profile = await parseCv(pdf, now);
    expect(profile.coreSkills).not.toContain('Go');
    expect(profile.yoe).toBe(4);
    expect(profile.designation).toBe('Product Manager');
  });
});

describe('parseCv on files it cannot read', () => {
  it('reports a scan for image-only pages', async () => {
    await expect(parseCv(await scannedCv(), now)).rejects.toThrow(CV_PARSE_ERRORS.scanned);
  });
  it('reports a corrupt PDF, broken fonts and a non-PDF', async () => {
    await expect(parseCv(corruptPdf(), now)).rejects.toThrow(CV_PARSE_ERRORS.corrupt);
    await expect(parseCv(await garbledCv(), now)).rejects.toThrow(CV_PARSE_ERRORS.garbled);
    await expect(parseCv(Buffer.from('hello, not a pdf'), now)).rejects.toThrow(
      CV_PARSE_ERRORS.notPdf,
    );
  });
  it('reads only the first MAX_PAGES pages of a very long upload', async () => {
    const filler = column(
      50,
      780,
      14,
      Array.from({ length: 20 }, () => 'Worked on web apps.'),
    );
    const pages = Array.from({ length: MAX_PAGES }, () => filler);
    const pdf = await makePdf([...pages, column(50, 780, 14, ['SKILLS', 'Kotlin'])]);
    const profile = await parseCv(pdf, now);
    expect(profile.pageCount).toBe(MAX_PAGES + 1);
    expect(profile.coreSkills).not.toContain('Kotlin');
  });

  it('reports a PDF without any text and without images as having no text', async () => {
    await expect(parseCv(await makePdf([[]]), now)).rejects.toThrow(CV_PARSE_ERRORS.noText);
  });
});

describe('CV field rules', () => {
  it('reads CTC in lakhs, rupees and crores, and ignores the expected CTC', () => {
    expect(findCtc('CTC: 24 LPA')).toBe(24);
    expect(findCtc('Current CTC - 18.5 lakhs per annum')).toBe(18.5);
    expect(findCtc('CTC: ₹ 24,00,000')).toBe(24);
    expect(findCtc('CTC 1.2 Cr')).toBe(120);
    expect(findCtc('Expected CTC: 30 LPA')).toBeNull();
    expect(findCtc('ECTC: 30 LPA')).toBeNull();
  });

  it('counts date ranges by month and merges overlaps', () => {
    const ranges = findDateRanges('Jan 2020 – Dec 2020; 06/2020 - 03/2021; 2016 to 2018', now);
    expect(ranges).toHaveLength(3);
    expect(mergedMonths(ranges)).toBe(15 + 24);
    expect(findDateRanges('Mar 2024 - Present', now)).toEqual([
      { start: 2024 * 12 + 2, end: 2026 * 12 + 10 },
    ]);
  });
});
