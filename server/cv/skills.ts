/**
 * Skills of a CV through the shared taxonomy (src/domain/skills), so "ReactJS" is stored as
 * "React", the same name jobs and the match score use. Skills-section text is read with
 * ambiguous names allowed (Go, R, C); everything else without them. Each skill goes to the
 * bucket of its taxonomy kind (core, technical, soft).
 */
import { findSkillsInText, skillKind } from '../../src/domain/skills';
import { linesIn, type Section } from './sections';

// Enough for a real profile; a keyword-stuffed CV should not fill the filters with noise.
const MAX_PER_KIND = { core: 25, technical: 25, soft: 15 } as const;

export interface CvSkills {
  coreSkills: string[];
  technicalSkills: string[];
  softSkills: string[];
}

const textOf = (sections: Section[]) =>
  sections.flatMap((s) => s.lines.flatMap((l) => l.cells)).join('\n');

export function findSkills(sections: Section[]): CvSkills {
  const inSkills = findSkillsInText(
    linesIn(sections, 'skills')
      .flatMap((l) => l.cells)
      .join('\n'),
    { inSkillsSection: true },
  );
  const elsewhere = findSkillsInText(textOf(sections.filter((s) => s.kind !== 'skills')));
  const result: CvSkills = { coreSkills: [], technicalSkills: [], softSkills: [] };
  for (const name of new Set([...inSkills, ...elsewhere])) {
    const kind = skillKind(name) ?? 'core';
    const bucket =
      kind === 'technical'
        ? result.technicalSkills
        : kind === 'soft'
          ? result.softSkills
          : result.coreSkills;
    if (bucket.length < MAX_PER_KIND[kind]) bucket.push(name);
  }
  return result;
}
