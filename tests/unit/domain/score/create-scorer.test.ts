import { describe, expect, it } from 'vitest';
import {
  FINAL_SCORE_CAP,
  createScorer,
  scoreMatch,
  type CandidateProfile,
  type ScorableJob,
} from '../../../../src/domain/score';

const profile: CandidateProfile = {
  coreSkills: ['ReactJS', 'TypeScript', 'Node'],
  softSkills: ['communication'],
  technicalSkills: ['git'],
  yearsOfExperience: 6,
  designation: 'Frontend Engineer',
};

const job: ScorableJob = {
  jobTitle: 'Senior Frontend Engineer',
  coreSkills: ['React', 'TypeScript', 'Redux', 'Next.js', 'Node.js'],
  softSkills: ['Communication', 'Teamwork', 'Ownership'],
  technicalSkills: ['Git'],
  experienceRange: { min: 3, max: 5 },
};

describe('createScorer', () => {
  it('combines the four parts with the spec §9 weights (worked example)', () => {
    // core 3/5 = 60, soft 1/3 = 33.3; 0.7 × 60 > 0.3 × 33.3, so core = 70.
    // experience: 6 years against 3-5 is 1/5 over, loses 10 → 90.
    // responsibilities: 0.35 × (90 + 33.33) = 43.17 (core coverage 60 ≥ 50, not scaled).
    // final: 0.4 × 70 + 0.2 × 33.33 + 0.3 × 90 + 0.1 × 43.17 = 65.98.
    expect(createScorer(profile)(job)).toEqual({
      finalScore: 66,
      coreSkills: 70,
      experience: 90,
      roleAndResponsibilities: 43.2,
      softSkills: 33.3,
    });
  });

  it('caps the final score at 90 (spec §9)', () => {
    const perfect = createScorer({ ...profile, yearsOfExperience: 4 })({
      ...job,
      coreSkills: ['React', 'TypeScript'],
      softSkills: ['Communication'],
    });
    // 0.4 × 100 + 0.2 × 100 + 0.3 × 100 + 0.1 × 70 = 97 → 90.
    expect(perfect).toEqual({
      finalScore: FINAL_SCORE_CAP,
      coreSkills: 100,
      experience: 100,
      roleAndResponsibilities: 70,
      softSkills: 100,
    });
  });

  it('caps responsibilities at 10 when the core score is under 20', () => {
    const details = createScorer({
      coreSkills: ['Java'],
      softSkills: ['Empathy', 'Patience'],
      yearsOfExperience: 3,
    })({
      coreSkills: [
        'Java',
        'Spring Boot',
        'Kafka',
        'SQL',
        'Docker',
        'AWS',
        'Redis',
        'Git',
        'Linux',
        'Go',
      ],
      softSkills: ['empathy', 'patience'],
      experienceRange: { min: 2, max: 4 },
    });
    // core 10, soft 100 (no bonus: 7 < 30), experience 100, responsibilities min(70, 10).
    // final: 0.4 × 10 + 0.2 × 100 + 0.3 × 100 + 0.1 × 10 = 55.
    expect(details).toEqual({
      finalScore: 55,
      coreSkills: 10,
      experience: 100,
      roleAndResponsibilities: 10,
      softSkills: 100,
    });
  });

  it('scores experience 0 for a missing range and keeps the rest (spec §5)', () => {
    const details = createScorer({ ...profile, softSkills: ['Teamwork'] })({
      coreSkills: ['React', 'TypeScript', 'Angular', 'Vue.js'],
      softSkills: ['Teamwork', 'Empathy', 'Patience'],
    });
    // core 2/4 = 50 → 60 with the bonus; soft 33.33; experience 0;
    // responsibilities 0.35 × 33.33 = 11.67; final 24 + 6.67 + 0 + 1.17 = 31.83.
    expect(details).toEqual({
      finalScore: 31.8,
      coreSkills: 60,
      experience: 0,
      roleAndResponsibilities: 11.7,
      softSkills: 33.3,
    });
  });

  it('gives a candidate without skills only experience credit', () => {
    const details = createScorer({ coreSkills: [], softSkills: [], yearsOfExperience: 4 })(job);
    // experience 100, responsibilities min(0.35 × 100, 10) = 10: 0.3 × 100 + 0.1 × 10 = 31.
    expect(details).toEqual({
      finalScore: 31,
      coreSkills: 0,
      experience: 100,
      roleAndResponsibilities: 10,
      softSkills: 0,
    });
  });

  it('uses custom weights, normalised', () => {
    const coreOnly = createScorer(profile, {
      weights: { coreSkills: 5, softSkills: 0, experience: 0, responsibilities: 0 },
    })(job);
    expect(coreOnly.finalScore).toBe(70);
    const scaledDefaults = createScorer(profile, {
      weights: { coreSkills: 4, softSkills: 2, experience: 3, responsibilities: 1 },
    })(job);
    expect(scaledDefaults).toEqual(createScorer(profile)(job));
  });

  it('falls back to the default weights for invalid ones', () => {
    const invalid = createScorer(profile, {
      weights: { coreSkills: -2, softSkills: Number.NaN, experience: 0, responsibilities: 0 },
    })(job);
    // core and soft fall back to 0.4 and 0.2: (0.4 × 70 + 0.2 × 33.33) / 0.6 = 57.78.
    expect(invalid.finalScore).toBe(57.8);
  });

  it('ignores job title and designation (not part of the spec §9 formula)', () => {
    const score = createScorer(profile);
    expect(score({ ...job, jobTitle: 'Chef' })).toEqual(score(job));
    expect(createScorer({ ...profile, designation: null })(job)).toEqual(score(job));
  });

  it('gives the same result as scoreMatch', () => {
    expect(scoreMatch(profile, job)).toEqual(createScorer(profile)(job));
  });

  it('scores 10,000 jobs quickly', () => {
    const jobs = Array.from({ length: 10_000 }, (_, i) => ({
      ...job,
      experienceRange: { min: i % 12, max: (i % 12) + 3 },
    }));
    const start = performance.now();
    const score = createScorer(profile);
    for (const each of jobs) score(each);
    // Measured at ~5-25 ms in Node; the bound leaves room for slow CI machines.
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
