import { useMatchScores } from '../use-match-scores';
import { useCandidateProfile } from '../use-candidate-profile';
import { MatchGauge } from './match-gauge';
import classes from './match.module.css';

/** The match percentage on a job card: only for a signed-in candidate with a profile (§6). */
export function MatchBadge({ jobId }: { jobId: string }) {
  const profile = useCandidateProfile();
  const score = useMatchScores([jobId], profile).get(jobId);
  if (profile.kind !== 'ready') return null;
  if (!score) {
    return (
      <span className={classes.pending} data-testid="match-pending">
        Scoring…
      </span>
    );
  }
  return (
    <span className={classes.badge} data-testid="match-score">
      <MatchGauge score={score.score} size={40} />
      Your match
    </span>
  );
}
