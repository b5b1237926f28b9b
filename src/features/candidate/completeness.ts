/**
 * What the completeness meter says (issue 10): which parts of the profile are there, what is
 * missing and what each unlocks. The parts follow spec §4's profile state: CTC, a CV that was
 * read, and designation/skills/YOE; the meter's weights are ours (equal thirds).
 */
import type { BasicDetails } from '@/lib/profile';

export interface CompletenessItem {
  readonly label: string;
  readonly done: boolean;
  /** What finishing it gives the candidate. */
  readonly unlocks: string;
}

export function completeness(details: BasicDetails): {
  percent: number;
  items: CompletenessItem[];
} {
  const skills = details.coreSkills.length + details.softSkills.length;
  const items: CompletenessItem[] = [
    {
      label: 'Current CTC',
      done: details.CTC != null,
      unlocks: 'Referees can judge whether a role fits you.',
    },
    {
      label: 'CV uploaded and read',
      done: details.isCvExtracted,
      unlocks: 'Match scores on every job, and referrals.',
    },
    {
      label: 'Designation, skills or years of experience',
      done:
        Boolean(details.candidateExperience?.designation?.trim()) ||
        skills > 0 ||
        details.YOE != null,
      unlocks: 'Better match scores and job suggestions.',
    },
  ];
  const percent = Math.round((100 * items.filter((i) => i.done).length) / items.length);
  return { percent, items };
}
