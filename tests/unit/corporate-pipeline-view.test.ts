/**
 * The pipeline screen's pure parts (issue 20): queued moves and notes laid over the saved copy
 * (what a recruiter sees offline), and the device-side filters by stage, score and skills.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STAGES,
  type Applicant,
  type Pipeline,
} from '@/domain/contract/corporate-pipeline';
import { filterApplicants, NO_FILTERS, withPending } from '@/features/corporate';
import type { OutboxEntry } from '@/lib/outbox';

function applicant(id: string, score: number | null, skills: string[]): Applicant {
  return {
    applicationId: id,
    stage: 'applied',
    status: 'APPLIED',
    appliedAt: '2026-11-01T00:00:00.000Z',
    candidate: {
      name: id,
      email: `${id}@example.com`,
      designation: null,
      location: null,
      yoe: null,
      ctc: null,
      ectc: null,
      noticePeriod: null,
      coreSkills: skills,
      softSkills: [],
      technicalSkills: [],
      about: null,
      hasCv: false,
    },
    score:
      score === null
        ? null
        : {
            finalScore: score,
            coreSkills: 0,
            softSkills: 0,
            experience: 0,
            roleAndResponsibilities: 0,
          },
    source: { kind: 'direct', portal: null, refereeNote: null },
    notes: [],
    evaluations: [],
  };
}

const pipeline: Pipeline = {
  job: { id: 'job-1', jobTitle: 'Engineer', status: 'PUBLISHED' },
  stages: DEFAULT_STAGES.map((s) => ({ ...s })),
  applicants: [
    applicant('a', 80, ['React', 'TypeScript']),
    applicant('b', 40, ['SQL']),
    applicant('c', null, []),
  ],
};

function action(
  kind: string,
  payload: unknown,
  state: OutboxEntry['state'] = 'pending',
): OutboxEntry {
  return {
    seq: 1,
    kind,
    userId: 'u',
    idempotencyKey: `${kind}-${Math.random()}`,
    subject: 's',
    payload,
    step: 'send',
    state,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: state === 'failed' ? 'No such applicant for this job' : null,
    leaseUntil: 0,
    createdAt: Date.parse('2026-11-02T00:00:00.000Z'),
    updatedAt: 0,
  };
}

describe('withPending', () => {
  it('shows queued moves and notes at once, in order, and marks them waiting', () => {
    const view = withPending(pipeline, [
      action('applicantMove', { jobId: 'job-1', applicationIds: ['a', 'b'], stage: 'interview' }),
      action('applicantMove', { jobId: 'job-1', applicationIds: ['b'], stage: 'shortlisted' }),
      action('applicantNote', { jobId: 'job-1', applicationId: 'a', text: 'Call Monday' }),
      // Another job's move changes nothing here.
      action('applicantMove', { jobId: 'job-2', applicationIds: ['c'], stage: 'hired' }),
    ]);
    const [a, b, c] = view;
    expect([a?.stage, a?.status, a?.pending]).toEqual(['interview', 'INTERVIEWING', 2]);
    expect([b?.stage, b?.status, b?.pending]).toEqual(['shortlisted', 'SHORTLISTED', 2]);
    expect(a?.notes.map((n) => [n.authorName, n.text])).toEqual([['You', 'Call Monday']]);
    expect([c?.stage, c?.pending]).toEqual(['applied', 0]);
  });

  it('keeps the server state for a refused move and says why', () => {
    const [a] = withPending(pipeline, [
      action('applicantMove', { jobId: 'job-1', applicationIds: ['a'], stage: 'hired' }, 'failed'),
    ]);
    expect([a?.stage, a?.pending, a?.failed]).toEqual([
      'applied',
      0,
      'No such applicant for this job',
    ]);
  });
});

describe('filterApplicants', () => {
  it('filters by stage, minimum score and every skill asked for, keeping the order', () => {
    const all = pipeline.applicants;
    expect(filterApplicants(all, NO_FILTERS).map((a) => a.applicationId)).toEqual(['a', 'b', 'c']);
    expect(
      filterApplicants(all, { ...NO_FILTERS, minScore: 50 }).map((a) => a.applicationId),
    ).toEqual(['a']);
    expect(
      filterApplicants(all, { ...NO_FILTERS, skills: 'react, typescript' }).map(
        (a) => a.applicationId,
      ),
    ).toEqual(['a']);
    expect(filterApplicants(all, { ...NO_FILTERS, skills: 'react, sql' })).toEqual([]);
    expect(filterApplicants(all, { ...NO_FILTERS, stage: 'offer' })).toEqual([]);
  });
});
