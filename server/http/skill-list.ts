/**
 * A body's list of skill names (a job's core/soft/technical skills, a profile's): trimmed,
 * non-empty names of bounded length, a bounded count, stored by their canonical name through
 * the shared taxonomy (`reactjs` → `React`, src/domain/skills), so search and scoring match.
 */
import { z } from 'zod';
import { normaliseSkills } from '../../src/domain/skills';

export function skillListSchema(limits: { skillMax: number; skillsPerList: number }) {
  const { skillMax, skillsPerList } = limits;
  return z
    .array(
      z
        .string()
        .trim()
        .min(1, 'a skill name cannot be empty')
        .max(skillMax, `a skill name has at most ${skillMax} characters`),
    )
    .max(skillsPerList, `at most ${skillsPerList} skills`)
    .transform((list) => normaliseSkills(list));
}
