import type { ScoreDetails } from '@/domain/score';
import { useMatchScores } from '../use-match-scores';
import { useCandidateProfile, useScoring } from '../use-candidate-profile';
import { MatchGauge } from './match-gauge';
import classes from './match.module.css';
import { UploadCvPrompt } from './upload-cv-prompt';

// spec §3 job match record: scoreDetails (coreSkills, experience, roleAndResponsibilities,
// softSkills), in that order.
const PARTS: readonly (readonly [keyof ScoreDetails, string])[] = [
  ['coreSkills', 'Core skills'],
  ['experience', 'Experience'],
  ['roleAndResponsibilities', 'Responsibilities'],
  ['softSkills', 'Soft skills'],
];

function isScoreDetails(value: unknown): value is ScoreDetails {
  return (
    typeof value === 'object' &&
    value !== null &&
    PARTS.every(([key]) => typeof (value as Record<string, unknown>)[key] === 'number')
  );
}

/** The match block of the job detail page: gauge and score details, or the CV prompt. */
export function JobMatch({ jobId }: { jobId: string }) {
  const profile = useCandidateProfile();
  useScoring(profile);
  const score = useMatchScores([jobId], profile).get(jobId);
  if (profile.kind === 'no-cv') return <UploadCvPrompt />;
  if (profile.kind !== 'ready') return null;
  if (!score) {
    return (
      <p className={classes.status} data-testid="match-pending">
        Working out your match…
      </p>
    );
  }
  const details = isScoreDetails(score.details) ? score.details : null;
  return (
    <section className={classes.detail} aria-labelledby="match-heading" data-testid="job-match">
      <MatchGauge score={score.score} size={72} />
      <div>
        <h2 id="match-heading">Your match</h2>
        {details && (
          <dl className={classes.parts}>
            {PARTS.map(([key, label]) => (
              <div key={key} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{Math.round(details[key])}%</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
