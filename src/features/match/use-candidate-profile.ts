import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/lib/auth';
import { newestFetch, useDbQuery } from '@/lib/db';
import { basicDetailsQuery } from '@/lib/profile';
import { readCandidateProfile } from '@/lib/scoring';
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
    if (sub && details && isFetchedAfterMount) void storeCandidateProfile(sub, details);
  }, [sub, details, isFetchedAfterMount]);
  const stored = useDbQuery(() => readCandidateProfile(), []);
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
