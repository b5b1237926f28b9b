import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMBIGUOUS_TERMS,
  CORE_SKILL_ROWS,
  SKILLS,
  SOFT_SKILL_ROWS,
  TECHNICAL_SKILL_ROWS,
  canonicalSkill,
  getSkill,
  normaliseSkills,
  skillKey,
  skillKind,
} from '../../../../src/domain/skills';

const ROWS = [...CORE_SKILL_ROWS, ...TECHNICAL_SKILL_ROWS, ...SOFT_SKILL_ROWS];
const SPELLINGS = ROWS.flatMap((row) => row.map((spelling) => ({ spelling, canonical: row[0] })));

describe('taxonomy data', () => {
  it('holds a few hundred skills of all three kinds', () => {
    expect(SKILLS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(SKILLS.map((skill) => skill.kind))).toEqual(
      new Set(['core', 'technical', 'soft']),
    );
  });

  it('has no duplicate canonical names', () => {
    const names = SKILLS.map((skill) => skill.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('resolves every spelling to its own skill (no two skills share a spelling)', () => {
    const clashes = SPELLINGS.filter(
      ({ spelling, canonical }) => canonicalSkill(spelling) !== canonical,
    );
    expect(clashes).toEqual([]);
  });

  it('keeps every spelling within 3 words, the longest phrase text matching looks at', () => {
    const long = SPELLINGS.filter(({ spelling }) => spelling.trim().split(/\s+/).length > 3);
    expect(long).toEqual([]);
  });

  it('lists only known spellings as ambiguous', () => {
    expect(AMBIGUOUS_TERMS.filter((term) => canonicalSkill(term) === null)).toEqual([]);
  });
});

describe('canonicalSkill', () => {
  it.each([
    ['reactjs', 'React'],
    ['  React.js, ', 'React'],
    ['REACT JS', 'React'],
    ['react native', 'React Native'],
    ['golang', 'Go'],
    ['Go', 'Go'],
    ['c++', 'C++'],
    ['c#', 'C#'],
    ['C Sharp', 'C#'],
    ['c', 'C'],
    ['.net core', '.NET'],
    ['Node.js.', 'Node.js'],
    ['• Python', 'Python'],
    ['(k8s)', 'Kubernetes'],
    ['Financial Modeling', 'Financial Modelling'],
    ['M&A', 'Mergers and Acquisitions'],
    ['mergers & acquisitions', 'Mergers and Acquisitions'],
    ['ci/cd', 'CI/CD'],
    ['Team Player', 'Teamwork'],
    ['MS-Excel', 'Excel'],
  ])('%j → %s', (input, expected) => {
    expect(canonicalSkill(input)).toBe(expected);
  });

  it.each([['Kubeflow'], [''], ['   '], ['--'], ['net'], [null], [undefined]])(
    'returns null for %j',
    (input) => {
      expect(canonicalSkill(input)).toBeNull();
    },
  );

  it('is insensitive to case and surrounding whitespace or punctuation for every spelling', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SPELLINGS),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        fc.constantFrom('', ' ', '  ', '\t', ' (', '"'),
        fc.constantFrom('', ' ', ',', ';', ')', '.', ' .'),
        ({ spelling, canonical }, upper, before, after) => {
          const cased = [...spelling]
            .map((char, i) => (upper[i % upper.length] ? char.toUpperCase() : char.toLowerCase()))
            .join('');
          expect(canonicalSkill(`${before}${cased}${after}`)).toBe(canonical);
        },
      ),
    );
  });
});

describe('getSkill and skillKind', () => {
  it('gives the entry with its kind and aliases', () => {
    expect(getSkill('ReactJS')).toMatchObject({ name: 'React', kind: 'core' });
    expect(getSkill('React')?.aliases).toContain('React.js');
    expect(skillKind('ms excel')).toBe('technical');
    expect(skillKind('team leadership')).toBe('soft');
    expect(skillKind('Kubeflow')).toBeNull();
  });
});

describe('skillKey', () => {
  it('is the same for every spelling of a known skill', () => {
    expect(skillKey('React')).toBe(skillKey('reactjs'));
    expect(skillKey('React')).toBe(skillKey(' React.JS '));
    expect(skillKey('React')).not.toBe(skillKey('React Native'));
  });

  it('matches unknown skills by case and whitespace only', () => {
    expect(skillKey('Kubeflow  Pipelines')).toBe(skillKey(' kubeflow pipelines,'));
    expect(skillKey('Kubeflow')).not.toBe(skillKey('Kubeflow Pipelines'));
  });

  it('is null for empty input', () => {
    expect(skillKey('')).toBeNull();
    expect(skillKey(' , ')).toBeNull();
    expect(skillKey(null)).toBeNull();
  });
});

describe('normaliseSkills', () => {
  it('dedupes by canonical form and keeps tidied unknown skills', () => {
    expect(
      normaliseSkills([
        'reactjs',
        'React',
        ' node js ',
        'Kubeflow   Pipelines',
        'kubeflow pipelines',
        '',
        null,
        'TEAM PLAYER',
        'teamwork',
      ]),
    ).toEqual(['React', 'Node.js', 'Kubeflow Pipelines', 'Teamwork']);
  });

  it('returns an empty list for nothing', () => {
    expect(normaliseSkills(null)).toEqual([]);
    expect(normaliseSkills([])).toEqual([]);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...SPELLINGS.map((s) => s.spelling)), fc.string())),
        (list) => {
          const once = normaliseSkills(list);
          expect(normaliseSkills(once)).toEqual(once);
        },
      ),
    );
  });
});
