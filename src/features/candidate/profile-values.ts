/**
 * The profile form's values and rules (issue 10), kept apart from the component so they are
 * tested on their own. The limits are the contract's (src/domain/contract/profile.ts), the ones
 * the server validates with; the server stays the judge, the form only spares a round trip (and
 * a failed outbox action when offline) and words its messages for the form.
 */
import { ProfileLimits as L, type ProfileChangesInput } from '@/domain/contract/profile';
import { normaliseSkills } from '@/domain/skills';
import type { BasicDetails } from '@/lib/profile';

/** Number inputs hold '' while empty (Mantine's NumberInput does the same). */
type NumberValue = number | string;

export interface ProfileFormValues {
  fullName: string;
  designation: string;
  coreSkills: string[];
  softSkills: string[];
  technicalSkills: string[];
  YOE: NumberValue;
  CTC: NumberValue;
  ECTC: NumberValue;
  noticePeriod: NumberValue;
  location: string;
  about: string;
}

export type ProfileField = keyof ProfileFormValues;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/** The PATCH / POST body's profile fields (the contract's), numbers or null, skills canonical. */
export type ProfileChanges = Omit<ProfileChangesInput, 'lastAccessedDash'>;

const names = (skills: readonly { skillName: string }[] | undefined) =>
  (skills ?? []).map((s) => s.skillName);
const numberOrEmpty = (value: number | null | undefined): NumberValue => value ?? '';

export function valuesFromDetails(
  details: BasicDetails | undefined,
  fallbackName = '',
): ProfileFormValues {
  return {
    fullName: details?.fullName || fallbackName,
    designation: details?.candidateExperience?.designation ?? '',
    coreSkills: names(details?.coreSkills),
    softSkills: names(details?.softSkills),
    technicalSkills: names(details?.technicalSkills),
    YOE: numberOrEmpty(details?.YOE),
    CTC: numberOrEmpty(details?.CTC),
    ECTC: numberOrEmpty(details?.ECTC),
    noticePeriod: numberOrEmpty(details?.noticePeriod),
    location: details?.location ?? '',
    about: details?.about ?? '',
  };
}

/** '' → null, a numeric string → its number, anything else → NaN (refused by the rules). */
function toNumber(value: NumberValue): number | null {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return null;
  return Number(value);
}

function numberError(
  value: NumberValue,
  label: string,
  max: number,
  unit: string,
  wholeNumber = false,
): string | undefined {
  const n = toNumber(value);
  if (n === null) return undefined;
  if (!Number.isFinite(n)) return `${label} must be a number`;
  if (n < 0 || n > max) return `${label} must be between 0 and ${max} ${unit}`;
  if (wholeNumber && !Number.isInteger(n)) return `${label} must be a whole number of ${unit}`;
  return undefined;
}

function textError(value: string, label: string, max: number): string | undefined {
  return value.trim().length > max ? `${label} can have at most ${max} characters` : undefined;
}

function skillsError(skills: readonly string[]): string | undefined {
  if (skills.length > L.skillsPerList) return `Add at most ${L.skillsPerList} skills`;
  const long = skills.find((s) => s.trim().length > L.skillMax);
  if (long !== undefined) return `Each skill can have at most ${L.skillMax} characters`;
  return undefined;
}

/** Inline errors by field; empty when the values can be sent. */
export function validateProfile(values: ProfileFormValues): ProfileErrors {
  const errors: ProfileErrors = {
    fullName: values.fullName.trim()
      ? textError(values.fullName, 'Full name', L.fullNameMax)
      : 'Enter your full name',
    designation: textError(values.designation, 'Designation', L.designationMax),
    coreSkills: skillsError(values.coreSkills),
    softSkills: skillsError(values.softSkills),
    technicalSkills: skillsError(values.technicalSkills),
    YOE: numberError(values.YOE, 'Years of experience', L.yoeMax, 'years'),
    CTC: numberError(values.CTC, 'Current CTC', L.lakhsMax, 'lakhs'),
    ECTC: numberError(values.ECTC, 'Expected CTC', L.lakhsMax, 'lakhs'),
    noticePeriod: numberError(
      values.noticePeriod,
      'Notice period',
      L.noticePeriodMax,
      'days',
      true,
    ),
    location: textError(values.location, 'Location', L.locationMax),
    about: textError(values.about, 'About', L.aboutMax),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

/** Every field as the server takes it (valid values only: run validateProfile first). */
export function profileBody(values: ProfileFormValues): Required<ProfileChanges> {
  const text = (value: string) => value.trim() || null;
  return {
    fullName: values.fullName.trim(),
    designation: text(values.designation),
    coreSkills: normaliseSkills(values.coreSkills),
    softSkills: normaliseSkills(values.softSkills),
    technicalSkills: normaliseSkills(values.technicalSkills),
    YOE: toNumber(values.YOE),
    CTC: toNumber(values.CTC),
    ECTC: toNumber(values.ECTC),
    noticePeriod: toNumber(values.noticePeriod),
    location: text(values.location),
    about: text(values.about),
  };
}

/** Only what differs from `before`: a PATCH that says what the user changed, nothing else. */
export function profileChanges(
  before: ProfileFormValues,
  after: ProfileFormValues,
): ProfileChanges {
  const old = profileBody(before);
  const next = profileBody(after);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof ProfileChanges)[]) {
    if (JSON.stringify(old[key]) !== JSON.stringify(next[key])) changes[key] = next[key];
  }
  return changes;
}

/** The basic details with the changes applied: the optimistic view until the server answers. */
export function applyProfileChanges(details: BasicDetails, changes: ProfileChanges): BasicDetails {
  const skills = (list: string[] | undefined) => list?.map((skillName) => ({ skillName }));
  return {
    ...details,
    ...(changes.fullName !== undefined && { fullName: changes.fullName }),
    ...(changes.designation !== undefined && {
      candidateExperience: { ...details.candidateExperience, designation: changes.designation },
    }),
    ...(changes.coreSkills && { coreSkills: skills(changes.coreSkills) }),
    ...(changes.softSkills && { softSkills: skills(changes.softSkills) }),
    ...(changes.technicalSkills && { technicalSkills: skills(changes.technicalSkills) }),
    ...(changes.YOE !== undefined && { YOE: changes.YOE }),
    ...(changes.CTC !== undefined && { CTC: changes.CTC }),
    ...(changes.ECTC !== undefined && { ECTC: changes.ECTC }),
    ...(changes.noticePeriod !== undefined && { noticePeriod: changes.noticePeriod }),
    ...(changes.location !== undefined && { location: changes.location }),
    ...(changes.about !== undefined && { about: changes.about }),
  };
}
