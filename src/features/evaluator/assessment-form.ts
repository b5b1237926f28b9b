/**
 * The assessment form's rules (issue 21 item 4), pure: the contract's schema decides what is
 * valid, this turns its answer into one message per field in the form's words, and the queue's
 * reasons into a line a person reads.
 */
import {
  AssessmentInputSchema,
  AssessmentLimits,
  type AssessmentInput,
  type QueueItem,
} from '@/domain/contract/assessments';

export interface AssessmentFormValues {
  readonly skillsVerified: readonly string[];
  readonly communication: number | null;
  readonly experienceFit: number | null;
  /** As typed: the number field's text. */
  readonly overall: string;
  readonly notes: string;
}

export type AssessmentField = 'communication' | 'experienceFit' | 'overall' | 'notes';

export const EMPTY_ASSESSMENT: AssessmentFormValues = {
  skillsVerified: [],
  communication: null,
  experienceFit: null,
  overall: '',
  notes: '',
};

export type AssessmentCheck =
  | { readonly ok: true; readonly input: AssessmentInput }
  | { readonly ok: false; readonly errors: Partial<Record<AssessmentField, string>> };

export function checkAssessment(values: AssessmentFormValues): AssessmentCheck {
  const errors: Partial<Record<AssessmentField, string>> = {};
  if (values.communication === null) errors.communication = 'Rate communication from 1 to 5';
  if (values.experienceFit === null) errors.experienceFit = 'Rate experience fit from 1 to 5';
  const overallText = values.overall.trim();
  const overall = overallText === '' ? Number.NaN : Number(overallText);
  if (
    !Number.isInteger(overall) ||
    overall < AssessmentLimits.overallMin ||
    overall > AssessmentLimits.overallMax
  ) {
    errors.overall = 'Give an overall score from 0 to 100';
  }
  if (values.notes.trim().length > AssessmentLimits.notesMax) {
    errors.notes = `Notes have at most ${AssessmentLimits.notesMax} characters`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const notes = values.notes.trim();
  const parsed = AssessmentInputSchema.safeParse({
    skillsVerified: [...values.skillsVerified],
    communication: values.communication,
    experienceFit: values.experienceFit,
    overall,
    ...(notes ? { notes } : {}),
  });
  // The checks above cover every rule of the schema; this is the contract's final word.
  if (!parsed.success) return { ok: false, errors: { overall: 'Check the scores and try again' } };
  return { ok: true, input: parsed.data };
}

const DAY = 86_400_000;

function daysAgo(iso: string | null, now: Date): string {
  if (!iso) return '';
  const days = Math.floor((now.getTime() - new Date(iso).getTime()) / DAY);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  return `${days} days ago`;
}

/** Why the person is in the queue, in words. */
export function queueReasonText(item: QueueItem, now: Date = new Date()): string {
  switch (item.reason) {
    case 'newRequester':
      return `Asked for a referral ${daysAgo(item.since, now)}`.trim();
    case 'refereeNeverAssessed':
      return `Refers at ${item.companyName ?? 'their company'}, never assessed`;
    case 'refereeDue':
      return `Refers at ${item.companyName ?? 'their company'}, due for a new assessment`;
  }
}
