export { cleanSkillText, looseSkillKey } from './skill-key';
export {
  SKILLS,
  canonicalSkill,
  getSkill,
  lookupSkillTerm,
  normaliseSkills,
  skillKey,
  skillKind,
  type Skill,
  type SkillTerm,
} from './taxonomy';
export { findSkillsInText, type FindSkillsOptions } from './find-skills-in-text';
export {
  AMBIGUOUS_TERMS,
  CORE_SKILL_ROWS,
  SOFT_SKILL_ROWS,
  TECHNICAL_SKILL_ROWS,
  type SkillKind,
  type TaxonomyRow,
} from './taxonomy-data';
