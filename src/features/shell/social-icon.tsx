/**
 * The footer's social marks: single-path symbols in a static sprite (public/icons/social.svg),
 * cached with the app's other files, rather than path data in the first load's script (issue
 * 24). They take the link's colour (`fill="currentColor"` in the sprite).
 */
export type SocialIconName = 'linkedin' | 'x' | 'instagram' | 'youtube';

export function SocialIcon({ name }: { name: SocialIconName }) {
  return (
    <svg width="20" height="20" aria-hidden="true">
      <use href={`/icons/social.svg#${name}`} />
    </svg>
  );
}
