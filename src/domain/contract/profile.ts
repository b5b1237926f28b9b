/**
 * The profile / users API area (spec §3 user records, §7 user calls, issue 10 profile edits):
 * the editable profile fields and their limits, the profile bodies, the basic details, the
 * general and corporate user records.
 *
 * The limits are ours (spec §5 gives no field rules): CTC and ECTC in lakhs per annum, the
 * notice period in whole days. The profile form checks them before sending
 * (src/features/candidate/profile-values.ts), the server validates with the same bodies.
 * Skills are free to enter; the server stores them by their canonical name where the taxonomy
 * knows them (server/users/profile-fields.ts). `null` or an empty string clears an optional
 * field; unknown keys are refused.
 */
import * as z from 'zod/mini';
import { CANDIDATE_DASHBOARD, EMPLOYEE_DASHBOARD } from '../roles';
import { idOf, lazySchema, skillList } from './common';

export const ProfileLimits = {
  fullNameMax: 100,
  designationMax: 120,
  /** Characters per skill name. */
  skillMax: 60,
  /** Skills per list (core, soft, technical). */
  skillsPerList: 50,
  /** Years of experience. */
  yoeMax: 60,
  /** CTC and ECTC, in lakhs per annum. */
  lakhsMax: 1000,
  /** Notice period, in days. */
  noticePeriodMax: 365,
  locationMax: 120,
  aboutMax: 2000,
} as const;

export { ProfileErrors } from './profile-errors';

const L = ProfileLimits;

/** Trimmed text; empty means "clear it" (null). */
const optionalText = (max: number) =>
  z.pipe(
    z.nullable(z.string().check(z.trim(), z.maxLength(max, `at most ${max} characters`))),
    z.transform((value: string | null) => (value ? value : null)),
  );

const amount = (max: number, unit: string) =>
  z.nullable(
    z
      .number({ error: 'must be a number' })
      .check(
        z.minimum(0, `must be 0 or more ${unit}`),
        z.maximum(max, `must be at most ${max} ${unit}`),
      ),
  );

/** The editable fields' schemas, built by the bodies below when first used (lazySchema). */
function profileFields() {
  const profileSkills = skillList(L);
  return {
    fullName: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'cannot be empty'),
        z.maxLength(L.fullNameMax, `at most ${L.fullNameMax} characters`),
      ),
    designation: optionalText(L.designationMax),
    coreSkills: profileSkills,
    softSkills: profileSkills,
    technicalSkills: profileSkills,
    YOE: amount(L.yoeMax, 'years'),
    CTC: amount(L.lakhsMax, 'lakhs'),
    ECTC: amount(L.lakhsMax, 'lakhs'),
    noticePeriod: amount(L.noticePeriodMax, 'days').check(
      z.refine((days) => days === null || Number.isInteger(days), 'must be a whole number of days'),
    ),
    location: optionalText(L.locationMax),
    about: optionalText(L.aboutMax),
  };
}

/** The fields besides the name, each optional (a PATCH may send any of them). */
function optionalFields(fields: ReturnType<typeof profileFields>) {
  return {
    designation: z.optional(fields.designation),
    coreSkills: z.optional(fields.coreSkills),
    softSkills: z.optional(fields.softSkills),
    technicalSkills: z.optional(fields.technicalSkills),
    YOE: z.optional(fields.YOE),
    CTC: z.optional(fields.CTC),
    ECTC: z.optional(fields.ECTC),
    noticePeriod: z.optional(fields.noticePeriod),
    location: z.optional(fields.location),
    about: z.optional(fields.about),
  };
}

/** PATCH /user/{email}/profile: any subset of the editable fields, at least one. */
export const ProfileChangesBody = lazySchema(() => {
  const fields = profileFields();
  return z
    .strictObject({
      fullName: z.optional(fields.fullName),
      ...optionalFields(fields),
      // issue 10: the dashboard the user last moved to (spec §2 dashboard target), CAND or EMP.
      lastAccessedDash: z.optional(z.enum([CANDIDATE_DASHBOARD, EMPLOYEE_DASHBOARD])),
    })
    .check(z.refine((body) => Object.keys(body).length > 0, 'nothing to update'));
});
/** What the server stores (texts trimmed, empty texts null). */
export type ProfileChanges = z.output<typeof ProfileChangesBody>;
/** What a client sends. */
export type ProfileChangesInput = z.input<typeof ProfileChangesBody>;

/**
 * POST /user/profile: the new user's name and email plus any editable field. Access tokens carry
 * no email, so the app sends the one its identity session shows (with the ID token proving it).
 */
export const NewProfileBody = lazySchema(() => {
  const fields = profileFields();
  return z.strictObject({
    email: z.email('must be an email address').check(z.maxLength(254)),
    fullName: fields.fullName,
    ...optionalFields(fields),
  });
});
export type NewProfileInput = z.input<typeof NewProfileBody>;

export const CognitoUserParams = lazySchema(() => z.object({ cognitoUserId: idOf(128) }));

// ---------------------------------------------------------------------------------------------
// Answers.

const Skill = lazySchema(() => z.object({ skillName: z.string() }));

/**
 * spec §3 "User basic details" (`GET /user/basic-details`, and the `{ data }` of the profile
 * POST and PATCH). The fields after cvParseError came with issue 10: optional, so data an older
 * build persisted still reads. CTC/ECTC in lakhs per annum, noticePeriod in days.
 */
export const BasicDetailsSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    fullName: z.string(),
    email: z.string(),
    /** spec §2: the dashboard the user last moved to (CAND or EMP). */
    lastAccessedDash: z.optional(z.nullable(z.string())),
    candidateExperience: z.optional(
      z.nullable(z.object({ designation: z.optional(z.nullable(z.string())) })),
    ),
    coreSkills: z._default(z.array(Skill), []),
    softSkills: z._default(z.array(Skill), []),
    YOE: z.optional(z.nullable(z.number())),
    CTC: z.optional(z.nullable(z.number())),
    isCvExtracted: z._default(z.boolean(), false),
    cvParseError: z.optional(z.nullable(z.string())),
    technicalSkills: z.optional(z.array(Skill)),
    ECTC: z.optional(z.nullable(z.number())),
    noticePeriod: z.optional(z.nullable(z.number())),
    location: z.optional(z.nullable(z.string())),
    about: z.optional(z.nullable(z.string())),
    CV: z.optional(z.nullable(z.string())),
    cvUpdatedAt: z.optional(z.nullable(z.string())),
    referralCount: z.optional(z.nullable(z.number())),
  }),
);
export type BasicDetails = z.infer<typeof BasicDetailsSchema>;
export const BasicDetailsAnswerSchema = lazySchema(() => z.object({ data: BasicDetailsSchema }));

const skills = lazySchema(() => z.nullish(z.array(z.string())));

/** spec §3 general user record, as `GET /user/{email}/details` lists it (the parts read). */
export const UserDetailsSchema = lazySchema(() =>
  z.looseObject({
    email: z.optional(z.string()),
    coreSkills: skills,
    softSkills: skills,
    technicalSkills: skills,
    YOE: z.nullish(z.number()),
    designation: z.nullish(z.string()),
  }),
);
/** spec §7: a list; the first item is the user (empty for an admin asking about nobody). */
export const UserDetailsListSchema = lazySchema(() => z.array(UserDetailsSchema));

/** spec §3 corporate user record, as `GET /corporate-user/{id}/cognito` lists it. */
export const CorporateUserSchema = lazySchema(() =>
  z.looseObject({
    cognitoUserId: z.string(),
    companyId: z.nullish(z.string()),
    isDeleted: z.nullish(z.boolean()),
  }),
);
export const CorporateUserListSchema = lazySchema(() => z.array(CorporateUserSchema));
