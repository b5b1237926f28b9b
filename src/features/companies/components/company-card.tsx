import { Link } from '@tanstack/react-router';
import { ImageWithFallback } from '@/lib/ui/image-with-fallback';
import links from '@/lib/ui/link-button.module.css';
import type { CompanyRecord } from '@/lib/db';
import classes from './company-card.module.css';

/** spec §2: "capitalised name". */
export function capitalise(name: string): string {
  return name.replace(
    /(^|\s)(\p{Ll})/gu,
    (_, space: string, letter: string) => space + letter.toUpperCase(),
  );
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

function CompanyLogo({ src }: { src: string | undefined }) {
  return (
    <ImageWithFallback
      className={classes.logo}
      src={src}
      width={56}
      height={56}
      loading="lazy"
      fallback={
        // spec §2: a fallback icon when the logo fails to load.
        <svg
          className={classes.logo}
          viewBox="0 0 24 24"
          aria-hidden="true"
          data-testid="logo-fallback"
        >
          <path
            fill="currentColor"
            d="M4 21V5l8-3 8 3v16h-6v-5h-4v5H4Zm4-12h2V7H8v2Zm6 0h2V7h-2v2Zm-6 4h2v-2H8v2Zm6 0h2v-2h-2v2Z"
          />
        </svg>
      }
    />
  );
}

/** spec §2 company mode card: logo, name, LinkedIn and career links, referral and guidance. */
export function CompanyCard({ company }: { company: CompanyRecord }) {
  const linkedIn = str(company.linkedIn);
  const career = str(company.careerUrl);
  const name = capitalise(company.name);
  return (
    <article className={classes.card} data-testid="company-card">
      <CompanyLogo src={str(company.logoUrl) ?? str(company.logo)} />
      <h2 className={classes.name}>{name}</h2>
      {company.isVerified === true && (
        // issue 21 item 2: the mark a site admin sets (GET /company isVerified).
        <span className={classes.verified} data-testid="company-verified">
          ✓ Verified
        </span>
      )}
      <div className={classes.links}>
        {linkedIn && (
          <a
            href={linkedIn}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${name} on LinkedIn`}
          >
            LinkedIn
          </a>
        )}
        {career && (
          <a href={career} target="_blank" rel="noopener noreferrer" aria-label={`${name} careers`}>
            Careers
          </a>
        )}
      </div>
      <div className={classes.actions}>
        <Link
          to="/referrals/$compId/$id"
          params={{ compId: company.name.replace(/ /g, '_'), id: company.id }}
          className={`${links.button} ${links.filled} ${links.sm}`}
        >
          Request Referral
        </Link>
        <Link
          to="/guidance/$name/$key"
          params={{ name: company.name, key: company.id }}
          className={`${links.button} ${links.outline} ${links.sm}`}
        >
          Request Guidance
        </Link>
      </div>
    </article>
  );
}

export function CompanyCardSkeleton() {
  return (
    <div
      className={`${classes.card} ${classes.skeleton}`}
      aria-hidden="true"
      data-testid="company-card-skeleton"
    />
  );
}
