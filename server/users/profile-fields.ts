/**
 * The editable profile fields (issue 10) as request bodies: what `PATCH /user/{email}/profile`
 * and `POST /user/profile` accept, and how each maps to a `users` column.
 *
 * The spec (§5) gives no field rules, so these are ours: CTC and ECTC in lakhs per annum, the
 * notice period in whole days, skills free to enter but stored by their canonical name where the
 * taxonomy knows them (src/domain/skills), so "reactjs" and "React" are one skill. The app's form
 * checks the same limits (src/features/candidate/profile-limits.ts; a server test compares them).
 * `null` or an empty string clears an optional field; unknown keys are refused.
 */
import { z } from 'zod';
import { CANDIDATE_DASHBOARD, EMPLOYEE_DASHBOARD } from '../../src/domain/roles';
import type { users } from '../db/schema';
import { skillListSchema } from '../http/skill-list';

export const PROFILE_FIELD_LIMITS = {
  fullNameMax: 100,
  designationMax: 120,
  skillMax: 60,
  skillsPerList: 50,
  yoeMax: 60,
  lakhsMax: 1000,
  noticePeriodMax: 365,
  locationMax: 120,
  aboutMax: 2000,
} as const;

const L = PROFILE_FIELD_LIMITS;

/** Trimmed text; empty means "clear it" (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null));

const skillList = skillListSchema(L);

const number = (max: number, unit: string) =>
  z
    .number({ error: 'must be a number' })
    .min(0, `must be 0 or more ${unit}`)
    .max(max, `must be at most ${max} ${unit}`)
    .nullable();

const fields = {
  fullName: z
    .string()
    .trim()
    .min(1, 'cannot be empty')
    .max(L.fullNameMax, `at most ${L.fullNameMax} characters`),
  designation: optionalText(L.designationMax),
  coreSkills: skillList,
  softSkills: skillList,
  technicalSkills: skillList,
  YOE: number(L.yoeMax, 'years'),
  CTC: number(L.lakhsMax, 'lakhs'),
  ECTC: number(L.lakhsMax, 'lakhs'),
  noticePeriod: number(L.noticePeriodMax, 'days').refine(
    (days) => days === null || Number.isInteger(days),
    'must be a whole number of days',
  ),
  location: optionalText(L.locationMax),
  about: optionalText(L.aboutMax),
};

/** PATCH body: any subset of the editable fields, at least one. */
export const ProfileChangesBody = z
  .strictObject({
    fullName: fields.fullName.optional(),
    designation: fields.designation.optional(),
    coreSkills: fields.coreSkills.optional(),
    softSkills: fields.softSkills.optional(),
    technicalSkills: fields.technicalSkills.optional(),
    YOE: fields.YOE.optional(),
    CTC: fields.CTC.optional(),
    ECTC: fields.ECTC.optional(),
    noticePeriod: fields.noticePeriod.optional(),
    location: fields.location.optional(),
    about: fields.about.optional(),
    // issue 10: the dashboard the user last moved to (spec §2 dashboard target), CAND or EMP.
    lastAccessedDash: z.enum([CANDIDATE_DASHBOARD, EMPLOYEE_DASHBOARD]).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'nothing to update');
export type ProfileChanges = z.infer<typeof ProfileChangesBody>;

/**
 * POST body: the new user's name and email plus any editable field. Access tokens carry no email
 * (server/auth/verify-token.ts), so the app sends the one its identity session shows.
 */
export const NewProfileBody = z.strictObject({
  email: z.email('must be an email address').max(254),
  fullName: fields.fullName,
  designation: fields.designation.optional(),
  coreSkills: fields.coreSkills.optional(),
  softSkills: fields.softSkills.optional(),
  technicalSkills: fields.technicalSkills.optional(),
  YOE: fields.YOE.optional(),
  CTC: fields.CTC.optional(),
  ECTC: fields.ECTC.optional(),
  noticePeriod: fields.noticePeriod.optional(),
  location: fields.location.optional(),
  about: fields.about.optional(),
});

type UserColumns = Partial<typeof users.$inferInsert>;

/** The body's field names (the spec's: YOE, CTC, …) → the users columns they set. */
export function profileColumns(changes: ProfileChanges): UserColumns {
  const columns: UserColumns = {};
  if (changes.fullName !== undefined) columns.name = changes.fullName;
  if (changes.designation !== undefined) columns.designation = changes.designation;
  if (changes.coreSkills !== undefined) columns.coreSkills = changes.coreSkills;
  if (changes.softSkills !== undefined) columns.softSkills = changes.softSkills;
  if (changes.technicalSkills !== undefined) columns.technicalSkills = changes.technicalSkills;
  if (changes.YOE !== undefined) columns.yoe = changes.YOE;
  if (changes.CTC !== undefined) columns.ctc = changes.CTC;
  if (changes.ECTC !== undefined) columns.ectc = changes.ECTC;
  if (changes.noticePeriod !== undefined) columns.noticePeriod = changes.noticePeriod;
  if (changes.location !== undefined) columns.location = changes.location;
  if (changes.about !== undefined) columns.about = changes.about;
  if (changes.lastAccessedDash !== undefined) columns.lastAccessedDash = changes.lastAccessedDash;
  return columns;
}
