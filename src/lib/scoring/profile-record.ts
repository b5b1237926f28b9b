/**
 * The candidate profile as the device keeps it for scoring (Dexie `profile` table, key
 * `candidate`), and its version. The scoring worker reads this record; scores carry the version
 * they were computed for, so a new version (a new CV, an edited profile) makes every score stale.
 *
 * The version is a hash of the fields spec §9's score reads (skills, years of experience) plus
 * SCORE_ALGORITHM_VERSION: refetching an unchanged profile keeps the version (no rescore), and a
 * change to the algorithm invalidates every stored score.
 */
import type { CandidateProfile } from '@/domain/score';
import { fnv1a32 } from './hash';

export const CANDIDATE_PROFILE_KEY = 'candidate';
/** Bump when src/domain/score changes what it computes: every stored score becomes stale. */
export const SCORE_ALGORITHM_VERSION = 1;

export interface StoredCandidateProfile {
  /** The identity `sub` of the user this profile belongs to (several people may share a device). */
  readonly owner: string;
  readonly version: string;
  /** False when there is nothing to score with (no CV-derived skills): the UI asks for a CV. */
  readonly scorable: boolean;
  readonly profile: CandidateProfile;
  readonly fetchedAt: number;
}

function sortedUnique(list: readonly string[] | null | undefined): string[] {
  return [...new Set((list ?? []).map((s) => s.trim().toLowerCase()).filter(Boolean))].sort();
}

export function profileVersion(profile: CandidateProfile): string {
  const relevant = [
    SCORE_ALGORITHM_VERSION,
    sortedUnique(profile.coreSkills),
    sortedUnique(profile.softSkills),
    sortedUnique(profile.technicalSkills),
    typeof profile.yearsOfExperience === 'number' ? profile.yearsOfExperience : null,
  ];
  return `p${SCORE_ALGORITHM_VERSION}-${fnv1a32(JSON.stringify(relevant)).toString(16).padStart(8, '0')}`;
}

export function hasScorableProfile(profile: CandidateProfile): boolean {
  return (
    profile.coreSkills.length + profile.softSkills.length + (profile.technicalSkills?.length ?? 0) >
    0
  );
}

export function toStoredProfile(
  owner: string,
  profile: CandidateProfile,
  now = Date.now(),
): StoredCandidateProfile {
  return {
    owner,
    version: profileVersion(profile),
    scorable: hasScorableProfile(profile),
    profile,
    fetchedAt: now,
  };
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The stored value is whatever an older build wrote: check it before trusting it. */
export function isStoredCandidateProfile(value: unknown): value is StoredCandidateProfile {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<Record<keyof StoredCandidateProfile, unknown>>;
  const profile = record.profile as Partial<Record<keyof CandidateProfile, unknown>> | undefined;
  return (
    typeof record.owner === 'string' &&
    typeof record.version === 'string' &&
    typeof record.scorable === 'boolean' &&
    typeof record.fetchedAt === 'number' &&
    typeof profile === 'object' &&
    profile !== null &&
    isStringList(profile.coreSkills) &&
    isStringList(profile.softSkills) &&
    (profile.technicalSkills == null || isStringList(profile.technicalSkills)) &&
    (profile.yearsOfExperience == null || typeof profile.yearsOfExperience === 'number')
  );
}
