import { describe, expect, it } from 'vitest';
import {
  candidateSkillKeys,
  skillsScore,
  type CandidateProfile,
} from '../../../../src/domain/score';

function held(profile: Partial<CandidateProfile>) {
  return candidateSkillKeys({
    coreSkills: [],
    softSkills: [],
    yearsOfExperience: 3,
    ...profile,
  });
}

const names = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

describe('skillsScore', () => {
  it('measures the share of the job skills the candidate holds, through the taxonomy', () => {
    const candidate = held({ coreSkills: ['ReactJS', 'typescript'], softSkills: ['team player'] });
    const score = skillsScore(candidate, {
      coreSkills: ['React', 'TypeScript', 'Redux', 'Next.js'],
      softSkills: ['Teamwork', 'Communication'],
    });
    // core 2/4 = 50, soft 1/2 = 50; 0.7 × 50 > 0.3 × 50, so core gets +10.
    expect(score).toEqual({ coreCoverage: 50, core: 60, soft: 50 });
  });

  it('gives core +10 only when its 70 % share outscores the 30 % soft share', () => {
    const soft = names('soft-skill-', 10);
    const core = names('core-skill-', 10);
    const job = { coreSkills: core, softSkills: soft };
    // core 30, soft 70: 0.7 × 30 = 21 is not more than 0.3 × 70 = 21, no bonus.
    const tie = skillsScore(
      held({ coreSkills: core.slice(0, 3), softSkills: soft.slice(0, 7) }),
      job,
    );
    expect(tie).toEqual({ coreCoverage: 30, core: 30, soft: 70 });
    // core 40, soft 70: 28 > 21, bonus.
    const ahead = skillsScore(
      held({ coreSkills: core.slice(0, 4), softSkills: soft.slice(0, 7) }),
      job,
    );
    expect(ahead).toEqual({ coreCoverage: 40, core: 50, soft: 70 });
    // core 25, soft 100: 17.5 < 30, no bonus.
    const behind = skillsScore(held({ coreSkills: core.slice(0, 2), softSkills: soft }), {
      coreSkills: core.slice(0, 8),
      softSkills: soft,
    });
    expect(behind).toEqual({ coreCoverage: 25, core: 25, soft: 100 });
  });

  it('caps the core part at 100', () => {
    const score = skillsScore(held({ coreSkills: ['Java'] }), {
      coreSkills: ['java'],
      softSkills: ['Empathy'],
    });
    expect(score).toEqual({ coreCoverage: 100, core: 100, soft: 0 });
  });

  it('counts a job skill held in any of the candidate lists', () => {
    const score = skillsScore(held({ coreSkills: ['Leadership'], technicalSkills: ['git'] }), {
      coreSkills: ['Git'],
      softSkills: ['leadership skills'],
    });
    expect(score.coreCoverage).toBe(100);
    expect(score.soft).toBe(100);
  });

  it('counts each job skill once whatever its spellings', () => {
    const score = skillsScore(held({ coreSkills: ['React'] }), {
      coreSkills: ['React', 'ReactJS', 'react.js', 'Vue'],
      softSkills: ['Empathy'],
    });
    expect(score.coreCoverage).toBe(50);
  });

  it('matches unknown skills by case and whitespace', () => {
    const score = skillsScore(held({ coreSkills: ['kubeflow  pipelines'] }), {
      coreSkills: ['Kubeflow Pipelines'],
      softSkills: ['Empathy'],
    });
    expect(score.coreCoverage).toBe(100);
  });

  it('judges a job without core skills on its technical skills', () => {
    const score = skillsScore(held({ technicalSkills: ['Docker'] }), {
      coreSkills: [],
      technicalSkills: ['docker', 'Kubernetes'],
      softSkills: ['Empathy'],
    });
    expect(score.coreCoverage).toBe(50);
  });

  it('ignores technical skills when the job lists core skills', () => {
    const score = skillsScore(held({ coreSkills: ['Docker'] }), {
      coreSkills: ['Java'],
      technicalSkills: ['Docker'],
      softSkills: ['Empathy'],
    });
    expect(score.coreCoverage).toBe(0);
  });

  it('scores 0 for a job without any core or technical skills', () => {
    expect(skillsScore(held({ coreSkills: ['Java'] }), { softSkills: ['Empathy'] })).toEqual({
      coreCoverage: 0,
      core: 0,
      soft: 0,
    });
  });

  it('lets soft follow core when the job lists no soft skills', () => {
    const score = skillsScore(held({ coreSkills: ['Java'] }), {
      coreSkills: ['Java', 'Spring Boot'],
      softSkills: [],
    });
    // soft = core coverage 50; 0.7 × 50 > 0.3 × 50, so core gets +10.
    expect(score).toEqual({ coreCoverage: 50, core: 60, soft: 50 });
  });

  it('scores 0 for a candidate without skills', () => {
    expect(skillsScore(held({}), { coreSkills: ['Java'], softSkills: ['Empathy'] })).toEqual({
      coreCoverage: 0,
      core: 0,
      soft: 0,
    });
  });
});
