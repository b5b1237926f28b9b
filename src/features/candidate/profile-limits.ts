/**
 * The limits of the editable profile fields (issue 10), as the form checks them. The server
 * applies the same numbers in server/users/profile-fields.ts; tests/server/profile.test.ts fails
 * when the two drift apart. No imports, so the server test can read this file as is.
 */
export const PROFILE_LIMITS = {
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
