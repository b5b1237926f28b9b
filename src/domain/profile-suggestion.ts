/**
 * The line that says which of the profile's default filters shape a signed-in listing (spec §4:
 * defaults from the profile; how they are shown is ours, docs/decisions.md). One text for the
 * app's notice (src/features/jobs/components/profile-defaults-notice.tsx) and the server's first
 * screen of a signed-in `/jobs` (server/http/first-screen.ts).
 */

/** The defaults a listing's query still carries. */
export interface AppliedDefaults {
  readonly jobTitle?: string;
  /** Comma-joined, as the query carries them. */
  readonly coreSkills?: string;
  readonly YOE?: number;
}

export const SHOW_ALL_JOBS = 'Show all jobs';

/** "Suggested for your profile: Frontend Engineer · React, CSS · 4 years of experience." */
export function profileSuggestionText(applied: AppliedDefaults): string {
  const parts = [
    applied.jobTitle,
    applied.coreSkills?.split(',').join(', '),
    applied.YOE !== undefined ? `${applied.YOE} years of experience` : undefined,
  ].filter(Boolean);
  return `Suggested for your profile: ${parts.join(' · ')}.`;
}
