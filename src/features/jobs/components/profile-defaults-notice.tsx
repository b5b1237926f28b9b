import {
  profileSuggestionText,
  SHOW_ALL_JOBS,
  type AppliedDefaults,
} from '@/domain/profile-suggestion';
import classes from './job-listing.module.css';

interface ProfileDefaultsNoticeProps {
  /** The defaults the current query still carries; null when none survive (or they are off). */
  readonly applied: AppliedDefaults | null;
  /** The profile has defaults but the user turned them off. */
  readonly turnedOff: boolean;
  readonly onToggle: (on: boolean) => void;
}

/**
 * Says which of the profile's default filters (spec §4) shape the list, and lets the user see
 * every job instead (and come back). The spec does not say how defaults are shown or left: this
 * is ours, so the defaults are never a hidden filter.
 */
export function ProfileDefaultsNotice({
  applied,
  turnedOff,
  onToggle,
}: ProfileDefaultsNoticeProps) {
  if (turnedOff) {
    return (
      <p className={classes.defaults} data-testid="profile-defaults">
        Showing all jobs.{' '}
        <button type="button" className={classes.linkButton} onClick={() => onToggle(true)}>
          Suggest jobs for my profile
        </button>
      </p>
    );
  }
  if (!applied) return null;
  return (
    <p className={classes.defaults} data-testid="profile-defaults">
      {profileSuggestionText(applied)}{' '}
      <button type="button" className={classes.linkButton} onClick={() => onToggle(false)}>
        {SHOW_ALL_JOBS}
      </button>
    </p>
  );
}
