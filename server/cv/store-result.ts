/**
 * Writes a parse outcome onto the user. Only onto the CV it was parsed from: when the user has
 * uploaded another CV in the meantime (cv_object_key changed), a late result is dropped.
 *
 * Provenance (issue 22 item 5): `cv_sourced_fields` lists the fields whose value came from a CV.
 * For each field the new CV
 * - states: the CV's value is stored and the field marked as the CV's (a new CV is newer news
 *   than an old answer; the candidate can correct it on the profile page, which unmarks it);
 * - does not state: a previous CV's value is cleared, so the profile does not mix two resumes,
 *   while a value the candidate typed (or one from before this was tracked) is kept.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { CvProfile } from './parse-cv';

type Columns = Partial<typeof users.$inferInsert>;

const SINGLE = ['designation', 'yoe', 'ctc', 'location'] as const;
const LISTS = ['coreSkills', 'softSkills', 'technicalSkills'] as const;
export type CvSourcedField = (typeof SINGLE)[number] | (typeof LISTS)[number];
export const CV_SOURCED_FIELDS: readonly CvSourcedField[] = [...SINGLE, ...LISTS];

type Current = Pick<typeof users.$inferSelect, CvSourcedField | 'cvSourcedFields'>;

/** The columns a parsed CV sets on a user as they are now. */
export function parsedProfileColumns(current: Current, profile: CvProfile): Columns {
  const sourced = new Set(current.cvSourcedFields);
  const columns: Columns = {};
  const apply = (field: CvSourcedField, stated: boolean, value: unknown, cleared: unknown) => {
    if (stated) {
      Object.assign(columns, { [field]: value });
      sourced.add(field);
    } else if (sourced.has(field)) {
      Object.assign(columns, { [field]: cleared });
      sourced.delete(field);
    }
  };
  for (const field of SINGLE) apply(field, profile[field] !== null, profile[field], null);
  for (const field of LISTS) apply(field, profile[field].length > 0, profile[field], []);
  columns.cvSourcedFields = CV_SOURCED_FIELDS.filter((f) => sourced.has(f));
  return columns;
}

export async function storeParsedProfile(
  db: Database,
  target: { userId: string; objectKey: string },
  profile: CvProfile,
): Promise<void> {
  const now = new Date();
  const forThisCv = and(eq(users.id, target.userId), eq(users.cvObjectKey, target.objectKey));
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(forThisCv).for('update');
    if (!current) return;
    await tx
      .update(users)
      .set({
        ...parsedProfileColumns(current, profile),
        isCvExtracted: true,
        cvParseError: null,
        updatedAt: now,
      })
      .where(forThisCv);
  });
}

export async function storeParseError(
  db: Database,
  target: { userId: string; objectKey: string },
  message: string,
): Promise<void> {
  await db
    .update(users)
    .set({ isCvExtracted: false, cvParseError: message, updatedAt: new Date() })
    .where(and(eq(users.id, target.userId), eq(users.cvObjectKey, target.objectKey)));
}
