/**
 * Experience entries (issue 22 item 1, entry segmentation): each date range in the experience
 * (or internships) section anchors one job, and its title is read from the lines around it.
 * Templates put the title on the dates' line ("Engineer, Acme | 2020 - 2022"), on the line
 * above ("Engineer" / "Acme | 2020 - 2022"), two above (company, title, dates), or below the
 * company-and-dates line (LaTeX and sidebar designs); labelled rows ("Designation | ...") are
 * taken before unlabelled ones. Candidates are scored, not taken first-come.
 */
import { findDateRanges, type MonthRange } from './date-ranges';
import { hasRoleNoun, isSentence, titleInCell, withoutLabel } from './job-titles';
import type { Line } from './layout';
import type { Section } from './sections';

export interface Entry {
  title: string | null;
  range: MonthRange;
  internship: boolean;
}

const BULLET = /^\s*[•▪●◦*>\-–·✓➢]\s*/u;
const INTERN = /\bintern(?:ship)?s?\b/i;
const NON_TITLE_LABEL =
  /^(?:company|organi[sz]ation|employer|duration|period|location|place|client|project|team|from|to|dates?)\s*[:\-–|]?\s*$/i;
// How far a candidate line may be from the dates, and what that costs its score.
const ABOVE = [0, -0.3, -0.8];
const BELOW = -0.5;

const isBullet = (line: Line) => BULLET.test(line.text);

function isHeaderLike(line: Line, now: Date): boolean {
  if (isBullet(line) || findDateRanges(line.text, now).length > 0) return false;
  const text = line.text.trim();
  return text.split(/\s+/).length <= 16 && !(/[.;]$/.test(text) && text.split(/\s+/).length > 5);
}

/** Title guesses in one line: a labelled row ("Designation | X") or each cell's title. */
function guessesIn(line: Line, bonus: number): { title: string; score: number }[] {
  const cells = line.cells;
  const first = cells[0]?.trim() ?? '';
  if (cells.length > 1 && NON_TITLE_LABEL.test(first)) return [];
  const label = withoutLabel(`${first}:`);
  if (cells.length > 1 && label.labelled && label.text === '') {
    const guess = titleInCell(cells.slice(1).join(' - '));
    return guess ? [{ title: guess.title, score: guess.score + 3 + bonus }] : [];
  }
  const guesses: { title: string; score: number }[] = [];
  for (const cell of cells) {
    if (isSentence(cell) && !withoutLabel(cell).labelled) continue;
    const guess = titleInCell(cell);
    if (guess) guesses.push({ title: guess.title, score: guess.score + bonus });
  }
  return guesses;
}

interface Guess {
  title: string;
  score: number;
  line: number;
}

/** The entry's title and the last line it took (a title below the dates is not the next job's). */
function titleNear(lines: Line[], index: number, usedUntil: number, now: Date): Guess | undefined {
  const guesses: Guess[] = [];
  const add = (at: number, bonus: number) =>
    guesses.push(...guessesIn(lines[at]!, bonus).map((g) => ({ ...g, line: at })));
  add(index, ABOVE[0]!);
  for (let up = 1; up < ABOVE.length; up++) {
    const line = lines[index - up];
    if (!line || index - up <= usedUntil || !isHeaderLike(line, now)) break;
    add(index - up, ABOVE[up]!);
  }
  const below = lines[index + 1];
  if (below && isHeaderLike(below, now) && hasRoleNoun(below.text)) add(index + 1, BELOW);
  guesses.sort((a, b) => b.score - a.score);
  return guesses[0];
}

function entriesIn(lines: Line[], now: Date, internships: boolean): Entry[] {
  const entries: Entry[] = [];
  let usedUntil = -1;
  lines.forEach((line, index) => {
    if (isBullet(line)) return;
    const range = findDateRanges(line.text, now)[0];
    if (!range) return;
    const guess = titleNear(lines, index, usedUntil, now);
    const title = guess?.title ?? null;
    const near = [lines[index - 1], line, lines[index + 1]]
      .filter((l): l is Line => l !== undefined && !isBullet(l))
      .map((l) => l.text);
    entries.push({
      title,
      range,
      internship:
        internships ||
        INTERN.test(title ?? '') ||
        (title === null && near.some((t) => INTERN.test(t))),
    });
    usedUntil = Math.max(index, guess?.line ?? index);
  });
  return entries;
}

/** The jobs of the CV's experience and internships sections, in the order written. */
export function experienceEntries(sections: Section[], now: Date): Entry[] {
  return sections.flatMap((section) =>
    section.kind === 'experience' || section.kind === 'internships'
      ? entriesIn(section.lines, now, section.kind === 'internships')
      : [],
  );
}

/** The current job: the latest end (an open end is now), then the latest start. */
export function currentEntry(entries: Entry[]): Entry | undefined {
  const ranked = [...entries].sort(
    (a, b) => b.range.end - a.range.end || b.range.start - a.range.start,
  );
  return ranked.find((e) => !e.internship && e.title) ?? ranked.find((e) => e.title);
}
