/**
 * A profile body (the contract's ProfileChangesBody / NewProfileBody,
 * src/domain/contract/profile.ts, issue 10) → the `users` columns it sets. Skills are stored by
 * their canonical name where the taxonomy knows them (src/domain/skills), so "reactjs" and
 * "React" are one skill.
 */
import type { ProfileChanges } from '../../src/domain/contract/profile';
import { normaliseSkills } from '../../src/domain/skills';
import type { users } from '../db/schema';

type UserColumns = Partial<typeof users.$inferInsert>;

/** The body's field names (the spec's: YOE, CTC, …) → the users columns they set. */
export function profileColumns(changes: ProfileChanges): UserColumns {
  const columns: UserColumns = {};
  if (changes.fullName !== undefined) columns.name = changes.fullName;
  if (changes.designation !== undefined) columns.designation = changes.designation;
  if (changes.coreSkills !== undefined) columns.coreSkills = normaliseSkills(changes.coreSkills);
  if (changes.softSkills !== undefined) columns.softSkills = normaliseSkills(changes.softSkills);
  if (changes.technicalSkills !== undefined) {
    columns.technicalSkills = normaliseSkills(changes.technicalSkills);
  }
  if (changes.YOE !== undefined) columns.yoe = changes.YOE;
  if (changes.CTC !== undefined) columns.ctc = changes.CTC;
  if (changes.ECTC !== undefined) columns.ectc = changes.ECTC;
  if (changes.noticePeriod !== undefined) columns.noticePeriod = changes.noticePeriod;
  if (changes.location !== undefined) columns.location = changes.location;
  if (changes.about !== undefined) columns.about = changes.about;
  if (changes.lastAccessedDash !== undefined) columns.lastAccessedDash = changes.lastAccessedDash;
  return columns;
}
