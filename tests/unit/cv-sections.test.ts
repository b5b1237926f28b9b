/**
 * Reading order and section detection of the CV parser (issue 22 item 1): columns and sidebars,
 * right-aligned dates kept on their title's line, justified word-by-word text, and headings.
 */
import { describe, expect, it } from 'vitest';
import { layoutPage, type TextItem } from '../../server/cv/layout';
import { headingOf, splitSections } from '../../server/cv/sections';

const item = (text: string, x: number, y: number, size = 10): TextItem => ({
  text,
  x,
  y,
  width: text.length * size * 0.5,
  size,
});
const texts = (items: TextItem[]) => layoutPage(items, 595).map((l) => l.text);

describe('layoutPage', () => {
  it('keeps right-aligned dates on their title line (one column)', () => {
    const items = [0, 1, 2, 3, 4, 5].flatMap((i) => {
      const date = 'Jan 2020 - Dec 2021';
      return [
        item(`Engineer at Company ${i}`, 50, 700 - i * 40),
        { ...item(date, 0, 700 - i * 40), x: 545 - date.length * 5 },
        item('- built things that mattered', 50, 686 - i * 40),
      ];
    });
    expect(texts(items)[0]).toBe('Engineer at Company 0 | Jan 2020 - Dec 2021');
  });

  it('reads a sidebar whose rows line up with the main column as its own column', () => {
    const sidebar = ['CONTACT', 'Pune', 'SKILLS', 'Python', 'Docker', 'SQL', 'Kafka', 'Airflow'];
    const main = ['EXPERIENCE', 'Data Engineer', 'Acme | 2020 - 2022', 'Built pipelines'];
    const items = [
      item('Ravi Kumar', 220, 800, 22),
      ...sidebar.map((t, i) => item(t, 30, 760 - i * 12)),
      ...main.map((t, i) => item(t, 220, 760 - i * 12)),
      ...main.map((t, i) => item(`${t} too`, 220, 700 - i * 12)),
    ];
    const lines = texts(items);
    // The column with the name (the largest text) comes first; the sidebar is not interleaved.
    expect(lines[0]).toBe('Ravi Kumar');
    expect(lines.slice(-sidebar.length)).toEqual(sidebar);
  });

  it('joins justified text drawn word by word into one line', () => {
    const words = ['Built', 'data', 'pipelines', 'for', 'retail'];
    // Each word its own item, with the wider gaps of a justified line.
    let x = 50;
    const items = words.map((w) => {
      const placed = item(w, x, 700);
      x += placed.width + 7;
      return placed;
    });
    expect(texts(items)).toEqual(['Built data pipelines for retail']);
  });
});

describe('sections', () => {
  const line = (text: string) => ({ cells: [text], text });

  it.each([
    ['WORK EXPERIENCE', 'experience'],
    ['Employment History', 'experience'],
    ['Professional Experience:', 'experience'],
    ['Internships', 'internships'],
    ['Academic Projects', 'projects'],
    ['Key Skills', 'skills'],
    ['S K I L L S', 'skills'],
    ['Educational Qualifications', 'education'],
    ['Personal Details', 'contact'],
    ['Languages Known', 'languages'],
    ['Leadership & Activities', 'other'],
    ['Extra-Curricular Activities', 'other'],
    ['Certifications', 'other'],
  ])('%s is a %s heading', (text, kind) => {
    expect(headingOf(line(text))?.kind).toBe(kind);
  });

  it('is not fooled by a sentence that starts like a heading', () => {
    expect(headingOf(line('Experience with large teams across India'))).toBeUndefined();
  });

  it('keeps "RESUME" above the name in the header', () => {
    const sections = splitSections(['RESUME', 'Asha Rao', 'Skills: Java, SQL'].map(line));
    expect(sections[0]).toMatchObject({ kind: 'header', lines: [line('Asha Rao')] });
    expect(sections[1]).toMatchObject({ kind: 'skills', lines: [line('Java, SQL')] });
  });
});
