import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/lib/auth';
import { newestFetch, useDbQuery } from '@/lib/db';
import { sharedDeviceQuery, useSharedDeviceQuery } from '@/lib/db/device';
import { basicDetailsQuery, type BasicDetails } from '@/lib/profile';
import { readCandidateProfile, type StoredCandidateProfile } from '@/lib/scoring';
import { getScoreClient } from './score-client';
import { isCandidate } from './is-candidate';
import { storeCandidateProfile } from './profile-sync';

export type CandidateProfileState =
  /** Signed out, or a role without a candidate profile (spec §6): no scores at all. */
  | { readonly kind: 'none' }
  /** Not known yet (Dexie loading, or the first fetch still going / failed offline). */
  | { readonly kind: 'unknown' }
  /** A candidate with nothing to score with: ask for a CV. */
  | { readonly kind: 'no-cv' }
  | { readonly kind: 'ready'; readonly version: string };

/**
 * The profile stored for scoring, one live read for every reader: a listing shows a match badge
 * on each card, and each badge ran this read (and stored the fetched profile) once for itself.
 */
const storedProfile = sharedDeviceQuery<StoredCandidateProfile | null, null>(
  readCandidateProfile,
  null,
);

/** The answer last handed to the store, so the readers of one answer store it once. */
let lastStored: { readonly sub: string; readonly details: BasicDetails } | null = null;

function storeOnce(sub: string, details: BasicDetails): void {
  if (lastStored?.sub === sub && lastStored.details === details) return;
  lastStored = { sub, details };
  void storeCandidateProfile(sub, details);
}

/** The signed-in candidate's profile, refreshed while online and read from Dexie offline. */
export function useCandidateProfile(): CandidateProfileState {
  const session = useSession();
  const candidate = isCandidate(session) ? session : null;
  const sub = candidate?.sub ?? '';
  // The shared profile query (fetched once for every reader); coming back to the tab always
  // refetches it (one small GET), so a CV parsed or a profile edited elsewhere is scored as soon
  // as the user returns.
  const { data: details, isFetchedAfterMount } = useQuery({
    ...basicDetailsQuery(sub),
    enabled: candidate !== null,
    refetchOnWindowFocus: 'always',
  });
  // Stored only from an answer fetched while this screen is open: a copy restored from the
  // persisted cache (offline) never overwrites the profile the device already holds.
  useEffect(() => {
    if (sub && details && isFetchedAfterMount) storeOnce(sub, details);
  }, [sub, details, isFetchedAfterMount]);
  const stored = useSharedDeviceQuery(storedProfile);
  if (!candidate) return { kind: 'none' };
  if (!stored || stored.owner !== candidate.sub) return { kind: 'unknown' };
  return stored.scorable ? { kind: 'ready', version: stored.version } : { kind: 'no-cv' };
}

/**
 * Keeps scores current while a screen that shows them is open: a rescore is requested when the
 * profile version changes (full) and whenever newer jobs land in the cache (incremental).
 */
export function useScoring(profile: CandidateProfileState): void {
  const newestJob = useDbQuery(() => newestFetch('jobs'), []);
  const version = profile.kind === 'ready' ? profile.version : null;
  useEffect(() => {
    if (version !== null) getScoreClient().request(version);
  }, [version, newestJob]);
}
