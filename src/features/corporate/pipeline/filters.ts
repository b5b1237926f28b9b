/**
 * The pipeline's filters (issue 20: by stage, score and skills), applied on the device so they
 * work offline over the saved copy. The server's order (spec §9: score descending) is kept.
 */
import type { Applicant } from '@/domain/contract/corporate-pipeline';

export interface PipelineFilters {
  /** A stage key, or null for every stage. */
  readonly stage: string | null;
  /** The lowest final score shown (0 shows everyone, unscored included). */
  readonly minScore: number;
  /** Skill text: every comma-separated part must be one of the candidate's skills. */
  readonly skills: string;
}

export const NO_FILTERS: PipelineFilters = { stage: null, minScore: 0, skills: '' };

export function filterApplicants<A extends Applicant>(
  applicants: readonly A[],
  filters: PipelineFilters,
): A[] {
  const wanted = filters.skills
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return applicants.filter((a) => {
    if (filters.stage && a.stage !== filters.stage) return false;
    if (filters.minScore > 0 && (a.score?.finalScore ?? -1) < filters.minScore) return false;
    if (wanted.length === 0) return true;
    const skills = [
      ...a.candidate.coreSkills,
      ...a.candidate.softSkills,
      ...a.candidate.technicalSkills,
    ].map((s) => s.toLowerCase());
    return wanted.every((w) => skills.some((s) => s.includes(w)));
  });
}
