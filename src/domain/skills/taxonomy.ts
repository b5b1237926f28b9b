/**
 * Lookups over the skill taxonomy. Everything that compares skills (scoring, filters, CV parsing,
 * seed data) goes through here, so "ReactJS", "react.js" and "React" are one skill everywhere.
 *
 * The maps are built once at module load (a few hundred rows, well under a millisecond) and every
 * lookup is a Map get on the loose key of skill-key.ts. Scoring calls `skillKey` for every skill
 * of every job, and job lists repeat the same few hundred spellings, so it is memoised too.
 */
import { cleanSkillText, looseSkillKey } from './skill-key';
import {
  AMBIGUOUS_TERMS,
  CORE_SKILL_ROWS,
  SOFT_SKILL_ROWS,
  TECHNICAL_SKILL_ROWS,
  type SkillKind,
  type TaxonomyRow,
} from './taxonomy-data';

export interface Skill {
  readonly name: string;
  readonly kind: SkillKind;
  readonly aliases: readonly string[];
  /** The loose key of the canonical name: what `skillKey` returns for any of its spellings. */
  readonly key: string;
}

export interface SkillTerm {
  readonly skill: Skill;
  /** An everyday word too: only a skill inside a skills section (see AMBIGUOUS_TERMS). */
  readonly ambiguous: boolean;
}

const ambiguousKeys = new Set(AMBIGUOUS_TERMS.map(looseSkillKey));
const allSkills: Skill[] = [];
const terms = new Map<string, SkillTerm>();

function addRows(rows: readonly TaxonomyRow[], kind: SkillKind): void {
  for (const row of rows) {
    const [name, ...aliases] = row;
    const skill: Skill = { name, kind, aliases, key: looseSkillKey(name) };
    allSkills.push(skill);
    for (const spelling of row) {
      const key = looseSkillKey(spelling);
      // First spelling wins; the unit tests assert there are no clashes in the data.
      if (!terms.has(key)) {
        terms.set(key, { skill, ambiguous: ambiguousKeys.has(key) || key.length === 1 });
      }
    }
  }
}

addRows(CORE_SKILL_ROWS, 'core');
addRows(TECHNICAL_SKILL_ROWS, 'technical');
addRows(SOFT_SKILL_ROWS, 'soft');

/** Every skill of the taxonomy, in data order. */
export const SKILLS: readonly Skill[] = allSkills;

/** The taxonomy entry for an already-computed loose key (used by text matching). */
export function lookupSkillTerm(looseKey: string): SkillTerm | undefined {
  return terms.get(looseKey);
}

/** The taxonomy entry for any spelling of a skill, or null for an unknown skill. */
export function getSkill(name: string | null | undefined): Skill | null {
  if (typeof name !== 'string') return null;
  return terms.get(looseSkillKey(name))?.skill ?? null;
}

/** Canonical name for any spelling ("reactjs " → "React"), or null when it is not in the taxonomy. */
export function canonicalSkill(name: string | null | undefined): string | null {
  return getSkill(name)?.name ?? null;
}

/** Default kind of a known skill, or null. */
export function skillKind(name: string | null | undefined): SkillKind | null {
  return getSkill(name)?.kind ?? null;
}

const KEY_CACHE_LIMIT = 20_000;
const keyCache = new Map<string, string>();

/**
 * The identity of a skill for comparisons: the canonical key for a known skill, and for an
 * unknown one its own loose key (so free entries "Kubeflow  pipelines" and "kubeflow pipelines"
 * still match each other). Null for empty input.
 */
export function skillKey(name: string | null | undefined): string | null {
  if (typeof name !== 'string') return null;
  let key = keyCache.get(name);
  if (key === undefined) {
    const loose = looseSkillKey(name);
    key = terms.get(loose)?.skill.key ?? loose;
    // A crude bound: the working set is the spellings in the cached jobs, far below the limit.
    if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
    keyCache.set(name, key);
  }
  return key === '' ? null : key;
}

/**
 * Canonical, de-duplicated skill list: known skills by their canonical name, unknown ones tidied
 * (surrounding punctuation trimmed, whitespace collapsed, first spelling's case kept). Order is
 * the order of first appearance; empty entries are dropped.
 */
export function normaliseSkills(
  list: Iterable<string | null | undefined> | null | undefined,
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  if (!list) return out;
  for (const raw of list) {
    const key = skillKey(raw);
    if (key === null || raw == null || seen.has(key)) continue;
    seen.add(key);
    out.push(canonicalSkill(raw) ?? cleanSkillText(raw));
  }
  return out;
}
