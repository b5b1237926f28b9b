/**
 * The applicant pipeline API area (issue 20 item 2; spec §7 does not show these calls,
 * docs/api.md). A company's users work the applications to their own jobs:
 *
 * - GET   /api/corporate/jobs/{jobId}/applicants         the job, the company's stages and every
 *                                                       applicant (spec §9 match score first)
 * - POST  /api/corporate/jobs/{jobId}/applicants/move    move one or many to a stage
 * - POST  /api/corporate/applicants/{applicationId}/notes        add a note
 * - PUT   /api/corporate/applicants/{applicationId}/evaluation   the caller's evaluation
 * - GET/PUT /api/corporate/stages                        the company's stages (PUT: manage_users)
 *
 * Each stage carries the application state (spec §4, APPLICATION_STATUSES) the candidate sees,
 * so moving an applicant moves their application and notifies them; a company's own stage names
 * stay inside the company.
 */
import * as z from 'zod/mini';
import { APPLICATION_STATUSES, type ApplicationStatus } from './applications';
import { idOf } from './common';

export const PipelineLimits = {
  /** Applicants moved in one call (a recruiter selecting a page of them). */
  moveMax: 100,
  noteMax: 2000,
  summaryMax: 2000,
  stageLabelMax: 40,
  stagesMax: 12,
  /** Applicants one answer lists; a job past this needs paging (not yet seen). */
  listMax: 500,
} as const;

export const PipelineErrors = {
  jobNotFound: 'Job not found',
  applicationNotFound: 'No such applicant for this job',
  unknownStage: 'That stage is not in your pipeline',
  stagesInUse: 'A stage with applicants in it cannot be removed',
  missingDefaultStage: 'The pipeline must keep its applied, hired and rejected stages',
  notYourCompany: "Only the company's own users can see its applicants",
  adminsOnly: 'Only a company admin can change the pipeline',
} as const;

/** The stages every company starts with (issue 20), each with the state the candidate sees. */
export const DEFAULT_STAGES: readonly {
  key: string;
  label: string;
  status: ApplicationStatus;
}[] = [
  { key: 'applied', label: 'Applied', status: 'APPLIED' },
  { key: 'shortlisted', label: 'Shortlisted', status: 'SHORTLISTED' },
  { key: 'interview', label: 'Interview', status: 'INTERVIEWING' },
  { key: 'offer', label: 'Offer', status: 'OFFERED' },
  { key: 'hired', label: 'Hired', status: 'HIRED' },
  { key: 'rejected', label: 'Rejected', status: 'REJECTED' },
];

/** Stages a company may rename but not remove: where applications start and end. */
export const FIXED_STAGE_KEYS: ReadonlySet<string> = new Set(['applied', 'hired', 'rejected']);

const stageKey = z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, 'a stage key is a-z, 0-9 or -'));

export const StageSchema = z.object({
  key: z.string(),
  label: z.string(),
  status: z.enum(APPLICATION_STATUSES),
});
export type Stage = z.infer<typeof StageSchema>;

export const StagesAnswerSchema = z.object({ data: z.array(StageSchema) });

/** PUT /corporate/stages: the whole list, in order; a stage without a key is a new one. */
export const StagesBody = z.strictObject({
  stages: z
    .array(
      z.strictObject({
        key: z.optional(stageKey),
        label: z
          .string()
          .check(
            z.trim(),
            z.minLength(1, 'a stage needs a name'),
            z.maxLength(PipelineLimits.stageLabelMax),
          ),
        status: z.enum(APPLICATION_STATUSES),
      }),
    )
    .check(z.minLength(3), z.maxLength(PipelineLimits.stagesMax)),
});
export type StagesInput = z.infer<typeof StagesBody>;

export const PipelineJobParams = z.object({ jobId: idOf(100) });
export const ApplicantParams = z.object({ applicationId: idOf(100) });

export const MoveApplicantsBody = z.strictObject({
  applicationIds: z
    .array(idOf(100))
    .check(z.minLength(1), z.maxLength(PipelineLimits.moveMax, 'at most 100 applicants at once')),
  stage: stageKey,
});
export type MoveApplicantsInput = z.infer<typeof MoveApplicantsBody>;

export const MovedSchema = z.object({
  data: z.object({
    moved: z.array(z.object({ id: z.string(), stage: z.string(), status: z.string() })),
  }),
});

export const NoteBody = z.strictObject({
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'a note cannot be empty'),
      z.maxLength(PipelineLimits.noteMax, 'a note has at most 2000 characters'),
    ),
});

export const NoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type ApplicantNote = z.infer<typeof NoteSchema>;
export const NoteAnswerSchema = z.object({ data: NoteSchema });

/** The structured evaluation (issue 20): four ratings 1–5, a recommendation, a summary. */
export const EVALUATION_CRITERIA = ['skills', 'experience', 'communication', 'cultureFit'] as const;
export const RECOMMENDATIONS = ['strong-yes', 'yes', 'no', 'strong-no'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

const rating = z.int().check(z.minimum(1), z.maximum(5));

export const EvaluationBody = z.strictObject({
  ratings: z.strictObject({
    skills: rating,
    experience: rating,
    communication: rating,
    cultureFit: rating,
  }),
  recommendation: z.enum(RECOMMENDATIONS),
  summary: z._default(z.string().check(z.trim(), z.maxLength(PipelineLimits.summaryMax)), ''),
});
export type EvaluationInput = z.input<typeof EvaluationBody>;

export const EvaluationSchema = z.object({
  authorName: z.string(),
  mine: z.boolean(),
  ratings: z.object({
    skills: z.number(),
    experience: z.number(),
    communication: z.number(),
    cultureFit: z.number(),
  }),
  recommendation: z.enum(RECOMMENDATIONS),
  summary: z.string(),
  updatedAt: z.string(),
});
export type Evaluation = z.infer<typeof EvaluationSchema>;
export const EvaluationAnswerSchema = z.object({ data: EvaluationSchema });

const nullableText = z.nullable(z.string());

/** Where an application came from (issue 20): direct, a referral (with the referee's note) or
 * an external portal. */
export const ApplicantSourceSchema = z.object({
  kind: z.enum(['direct', 'referral', 'external']),
  /** The portal's name for external applications. */
  portal: nullableText,
  /** What the referee wrote when referring (never who they are: spec-side anonymity). */
  refereeNote: nullableText,
});

export const ApplicantSchema = z.object({
  applicationId: z.string(),
  stage: z.string(),
  status: z.string(),
  appliedAt: z.string(),
  candidate: z.object({
    name: z.string(),
    email: z.string(),
    designation: nullableText,
    location: nullableText,
    yoe: z.nullable(z.number()),
    ctc: z.nullable(z.number()),
    ectc: z.nullable(z.number()),
    noticePeriod: z.nullable(z.number()),
    coreSkills: z.array(z.string()),
    softSkills: z.array(z.string()),
    technicalSkills: z.array(z.string()),
    about: nullableText,
    hasCv: z.boolean(),
  }),
  /** spec §9: the final score and its parts, computed now from the profile and the job. */
  score: z.nullable(
    z.object({
      finalScore: z.number(),
      coreSkills: z.number(),
      softSkills: z.number(),
      experience: z.number(),
      roleAndResponsibilities: z.number(),
    }),
  ),
  source: ApplicantSourceSchema,
  notes: z.array(NoteSchema),
  evaluations: z.array(EvaluationSchema),
});
export type Applicant = z.infer<typeof ApplicantSchema>;

export const PipelineSchema = z.object({
  data: z.object({
    job: z.object({ id: z.string(), jobTitle: z.string(), status: z.string() }),
    stages: z.array(StageSchema),
    applicants: z.array(ApplicantSchema),
  }),
});
export type Pipeline = z.infer<typeof PipelineSchema>['data'];

export const ApplicantCvLinkSchema = z.object({
  data: z.object({ url: z.string(), expiresAt: z.string() }),
});
