/**
 * Writes a parse outcome onto the user. Only onto the CV it was parsed from: when the user has
 * uploaded another CV in the meantime (cv_object_key changed), a late result is dropped.
 *
 * Fields the CV does not state (no CTC line, no location) keep their current values, so a
 * terse CV does not wipe what the user entered in the profile form.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { CvProfile } from './parse-cv';

export async function storeParsedProfile(
  db: Database,
  target: { userId: string; objectKey: string },
  profile: CvProfile,
): Promise<void> {
  const now = new Date();
  await db
    .update(users)
    .set({
      ...(profile.designation !== null && { designation: profile.designation }),
      ...(profile.yoe !== null && { yoe: profile.yoe }),
      ...(profile.ctc !== null && { ctc: profile.ctc }),
      ...(profile.location !== null && { location: profile.location }),
      ...(profile.coreSkills.length > 0 && { coreSkills: profile.coreSkills }),
      ...(profile.technicalSkills.length > 0 && { technicalSkills: profile.technicalSkills }),
      ...(profile.softSkills.length > 0 && { softSkills: profile.softSkills }),
      isCvExtracted: true,
      cvParseError: null,
      updatedAt: now,
    })
    .where(and(eq(users.id, target.userId), eq(users.cvObjectKey, target.objectKey)));
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
