/**
 * Skills of a CV through the shared taxonomy (src/domain/skills), so "ReactJS" is stored as
 * "React", the same name jobs and the match score use (issue 22 item 3):
 *
 * - skills-section text is read with ambiguous names allowed (Go, R, C); everything else
 *   (experience bullets, summary, tagline) without them, so skills named only in bullets count;
 * - a line wrapped inside a list or a sentence is read joined ("GitHub" / "Actions" is GitHub
 *   Actions), so a phrase is not cut in two;
 * - spoken languages (English, Hindi, ...) are kept apart from skills: they are useful, not as
 *   skills;
 * - no per-kind cap below the profile's own limit (a long list is real, not noise).
 */
import { ProfileLimits } from '../../src/domain/contract/profile';
import { findSkillsInText, skillKind } from '../../src/domain/skills';
import type { Line } from './layout';
import { linesIn, type Section } from './sections';

export interface CvSkills {
  coreSkills: string[];
  technicalSkills: string[];
  softSkills: string[];
}

const SPOKEN = new Set(
  (
    'english hindi tamil telugu kannada malayalam marathi bengali bangla gujarati punjabi odia ' +
    'oriya assamese urdu konkani tulu sindhi kashmiri nepali sanskrit maithili french german ' +
    'spanish italian portuguese japanese mandarin chinese cantonese korean arabic russian dutch ' +
    'persian farsi turkish thai malay indonesian swahili hebrew greek polish swedish'
  ).split(' '),
);
const LEVEL_WORDS =
  /\b(?:native|fluent|proficient|basic|intermediate|conversational|mother tongue|read|write|speak|professional working proficiency|full professional proficiency|elementary)\b/gi;

const BULLET = /^\s*[•▪●◦*>\-–·✓➢]/u;

/** Lines read as text: a wrapped continuation is joined to the line it continues. */
function joinWrapped(lines: Line[], list: boolean): string {
  let text = '';
  let previous = '';
  for (const line of lines) {
    const current = line.cells.join('\n');
    const continues = list
      ? previous.includes(',') &&
        !/[,;|:]\s*$/.test(previous) &&
        !BULLET.test(current) &&
        !/:/.test(current)
      : previous !== '' && !/[.:;!?]\s*$/.test(previous) && /^\s*\p{Ll}/u.test(current);
    text += text === '' ? current : continues ? ` ${current}` : `\n${current}`;
    previous = current;
  }
  return text;
}

/** Spoken languages named in a Languages section or listed among skills. */
export function findLanguages(sections: Section[]): string[] {
  const found = new Set<string>();
  const text = linesIn(sections, 'languages', 'skills')
    .flatMap((l) => l.cells)
    .join(',');
  for (const word of text.replace(LEVEL_WORDS, ' ').split(/[^\p{L}]+/u)) {
    const lower = word.toLowerCase();
    if (SPOKEN.has(lower)) found.add(lower.charAt(0).toUpperCase() + lower.slice(1));
  }
  return [...found];
}

export function findSkills(sections: Section[]): CvSkills {
  const inSkills = findSkillsInText(joinWrapped(linesIn(sections, 'skills'), true), {
    inSkillsSection: true,
  });
  const elsewhere = sections
    .filter((s) => s.kind !== 'skills' && s.kind !== 'languages' && s.kind !== 'contact')
    .flatMap((s) => findSkillsInText(joinWrapped(s.lines, false)));
  const result: CvSkills = { coreSkills: [], technicalSkills: [], softSkills: [] };
  for (const name of new Set([...inSkills, ...elsewhere])) {
    if (SPOKEN.has(name.toLowerCase())) continue;
    const kind = skillKind(name) ?? 'core';
    const bucket =
      kind === 'technical'
        ? result.technicalSkills
        : kind === 'soft'
          ? result.softSkills
          : result.coreSkills;
    if (bucket.length < ProfileLimits.skillsPerList) bucket.push(name);
  }
  return result;
}
