/**
 * Property checks of the match score: bounds, monotonicity, weight normalisation, experience
 * ordering and taxonomy-insensitivity over generated profiles and jobs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createScorer,
  experienceScore,
  type CandidateProfile,
  type ExperienceRange,
  type ScorableJob,
  type ScoreWeights,
} from '../../../../src/domain/score';
import { CORE_SKILL_ROWS, SOFT_SKILL_ROWS, canonicalSkill } from '../../../../src/domain/skills';

// Hard and soft pools are disjoint, so a "core skill" of a job is never also one of its soft skills.
const HARD = CORE_SKILL_ROWS.slice(0, 40).map((row) => row[0]);
const SOFT = SOFT_SKILL_ROWS.slice(0, 20).map((row) => row[0]);
const FREE = ['Kubeflow', 'Quantum Widgets', 'Chai Brewing'];

const hardList = fc.uniqueArray(fc.constantFrom(...HARD, ...FREE), { maxLength: 12 });
const softList = fc.uniqueArray(fc.constantFrom(...SOFT), { maxLength: 6 });

const validRange: fc.Arbitrary<ExperienceRange> = fc
  .tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 15 }), fc.boolean())
  .map(([min, width, open]) => ({ min, max: open ? 9999 : min + width }));
const invalidRange: fc.Arbitrary<ExperienceRange | null | undefined> = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.constant({}),
  fc.record({ min: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ max: fc.integer({ min: 0, max: 30 }) }),
  fc.integer({ min: 1, max: 30 }).map((max) => ({ min: max + 1, max })),
  fc.integer({ min: 1, max: 30 }).map((max) => ({ min: -1, max })),
  fc.constant({ min: Number.NaN, max: 5 }),
);
const years = fc.oneof(
  fc.double({ min: 0, max: 50, noNaN: true }),
  fc.constant(null),
  fc.constant(Number.NaN),
);

const profileArb: fc.Arbitrary<CandidateProfile> = fc.record({
  coreSkills: hardList,
  softSkills: softList,
  technicalSkills: hardList,
  yearsOfExperience: years,
});
const jobArb: fc.Arbitrary<ScorableJob> = fc.record({
  coreSkills: hardList,
  softSkills: softList,
  technicalSkills: hardList,
  experienceRange: fc.oneof(validRange, invalidRange),
});
const weight = fc.integer({ min: 0, max: 1000 }).map((n) => n / 100);
const weightsArb: fc.Arbitrary<ScoreWeights> = fc.record({
  coreSkills: weight,
  softSkills: weight,
  experience: weight,
  responsibilities: weight,
});

const oneDecimal = (value: number) => Math.round(value * 10) / 10 === value;

describe('match score properties', () => {
  it('keeps the final score within 0..90 and every part within 0..100, to one decimal', () => {
    fc.assert(
      fc.property(profileArb, jobArb, fc.option(weightsArb), (profile, job, weights) => {
        const details = createScorer(profile, { weights })(job);
        expect(details.finalScore).toBeGreaterThanOrEqual(0);
        expect(details.finalScore).toBeLessThanOrEqual(90);
        const { finalScore, coreSkills, experience, roleAndResponsibilities, softSkills } = details;
        for (const value of [
          finalScore,
          coreSkills,
          experience,
          roleAndResponsibilities,
          softSkills,
        ]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(100);
          expect(oneDecimal(value)).toBe(true);
        }
      }),
    );
  });

  it('never lowers the score when the candidate gains a core skill the job asks for', () => {
    fc.assert(
      fc.property(
        profileArb,
        jobArb.filter((job) => (job.coreSkills?.length ?? 0) > 0),
        fc.nat(),
        (profile, job, pick) => {
          const coreSkills = job.coreSkills ?? [];
          const gained = coreSkills[pick % coreSkills.length] ?? '';
          const before = createScorer(profile)(job);
          const after = createScorer({ ...profile, coreSkills: [...profile.coreSkills, gained] })(
            job,
          );
          expect(after.finalScore).toBeGreaterThanOrEqual(before.finalScore);
          expect(after.coreSkills).toBeGreaterThanOrEqual(before.coreSkills);
        },
      ),
    );
  });

  it('gives the same score when every weight is scaled by the same constant', () => {
    fc.assert(
      fc.property(
        profileArb,
        jobArb,
        weightsArb,
        fc.double({ min: 0.001, max: 1000, noNaN: true }),
        (profile, job, weights, factor) => {
          const scaled: ScoreWeights = {
            coreSkills: weights.coreSkills * factor,
            softSkills: weights.softSkills * factor,
            experience: weights.experience * factor,
            responsibilities: weights.responsibilities * factor,
          };
          expect(createScorer(profile, { weights: scaled })(job)).toEqual(
            createScorer(profile, { weights })(job),
          );
        },
      ),
    );
  });

  it('scores experience within the range at least as high as above it', () => {
    const bounded = fc
      .tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 15 }))
      .map(([min, width]) => ({ min, max: min + width }));
    fc.assert(
      fc.property(
        profileArb,
        jobArb,
        bounded,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.001, max: 60, noNaN: true }),
        (profile, job, range, at, over) => {
          const inside = range.min + at * (range.max - range.min);
          const above = range.max + over;
          const withRange = { ...job, experienceRange: range };
          const scoreInside = createScorer({ ...profile, yearsOfExperience: inside })(withRange);
          const scoreAbove = createScorer({ ...profile, yearsOfExperience: above })(withRange);
          expect(scoreInside.experience).toBe(100);
          expect(scoreAbove.experience).toBeLessThanOrEqual(scoreInside.experience);
          expect(scoreAbove.experience).toBeGreaterThanOrEqual(50);
          expect(scoreAbove.finalScore).toBeLessThanOrEqual(scoreInside.finalScore);
        },
      ),
    );
  });

  it('never rises with more years above the range, nor falls with more years below it', () => {
    fc.assert(
      fc.property(
        validRange,
        fc.double({ min: 0, max: 60, noNaN: true }),
        fc.double({ min: 0, max: 60, noNaN: true }),
        (range, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const max = range.max ?? 0;
          if (high <= max)
            expect(experienceScore(high, range)).toBeGreaterThanOrEqual(
              experienceScore(low, range),
            );
          if (low >= max)
            expect(experienceScore(high, range)).toBeLessThanOrEqual(experienceScore(low, range));
        },
      ),
    );
  });

  it('scores experience 0 for an invalid or missing range', () => {
    fc.assert(
      fc.property(profileArb, jobArb, invalidRange, (profile, job, experienceRange) => {
        expect(createScorer(profile)({ ...job, experienceRange }).experience).toBe(0);
      }),
    );
  });

  it('does not depend on how skills are spelled (aliases, case, padding)', () => {
    const rows = [...CORE_SKILL_ROWS.slice(0, 60), ...SOFT_SKILL_ROWS.slice(0, 20)];
    const spelled = fc
      .tuple(fc.constantFrom(...rows), fc.nat(), fc.boolean(), fc.constantFrom('', ' ', '  ,'))
      .map(([row, pick, upper, pad]) => {
        const spelling = row[pick % row.length] ?? row[0];
        const cased = upper ? spelling.toUpperCase() : spelling.toLowerCase();
        return { canonical: row[0], variant: `${pad}${cased}${pad}` };
      });
    fc.assert(
      fc.property(fc.array(spelled, { maxLength: 10 }), jobArb, years, (skills, job, yoe) => {
        const canonicalProfile = {
          coreSkills: skills.map((s) => s.canonical),
          softSkills: [],
          yearsOfExperience: yoe,
        };
        const variantProfile = {
          coreSkills: skills.map((s) => s.variant),
          softSkills: [],
          yearsOfExperience: yoe,
        };
        expect(skills.every((s) => canonicalSkill(s.variant) === s.canonical)).toBe(true);
        expect(createScorer(variantProfile)(job)).toEqual(createScorer(canonicalProfile)(job));
      }),
    );
  });
});
