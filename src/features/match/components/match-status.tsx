import { useSyncExternalStore } from 'react';
import { getScoreClient } from '../score-client';
import { useCandidateProfile, useScoring } from '../use-candidate-profile';
import classes from './match.module.css';
import { UploadCvPrompt } from './upload-cv-prompt';

function useScoreStatus() {
  const client = getScoreClient();
  return useSyncExternalStore(client.subscribe, client.getStatus, client.getStatus);
}

/**
 * Above the job list: keeps scores current (useScoring), says when scoring is under way, and
 * asks a candidate without a CV-derived profile to upload one. Nothing for anyone else (§6).
 */
export function MatchStatus() {
  const profile = useCandidateProfile();
  useScoring(profile);
  const status = useScoreStatus();
  if (profile.kind === 'no-cv') return <UploadCvPrompt />;
  if (profile.kind !== 'ready' || !status.running || status.total === 0) return null;
  return (
    <p className={classes.status} role="status">
      Matching jobs to your profile: {status.done} of {status.total}
    </p>
  );
}
