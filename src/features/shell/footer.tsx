import { Link } from '@tanstack/react-router';
import { config } from '@/lib/config';
import { LinkButton } from '@/lib/ui/link-button';
import { Logo } from './logo';
import { footerGroups, socialLinks } from './nav-links';
import { SocialIcon } from './social-icon';
import classes from './footer.module.css';

/** spec §2: the footer has find-job and hire-candidate buttons, social links, and company,
 * candidate and info link lists. */
export function Footer() {
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div className={classes.grid}>
          <div className={classes.brand}>
            <Logo />
            <p className={classes.tagline}>
              Jobs, referrals and guidance from people who work there. Works on a patchy connection
              too.
            </p>
            <div className={classes.ctas}>
              <LinkButton to="/jobs" size="sm">
                Find a job
              </LinkButton>
              <LinkButton to="/corporate" size="sm" variant="outline">
                Hire a candidate
              </LinkButton>
            </div>
          </div>
          {footerGroups.map((group) => (
            <nav key={group.label} aria-labelledby={`footer-${group.label}`}>
              <h2 id={`footer-${group.label}`} className={classes.groupTitle}>
                {group.label}
              </h2>
              <ul className={classes.list}>
                {group.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to} hash={link.hash} className={classes.link}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className={classes.bottom}>
          <p className={classes.copyright}>
            © {new Date().getFullYear()} ReferralHub ·{' '}
            <span data-testid="build-id">build {config.buildId}</span>
          </p>
          <ul className={classes.social} aria-label="ReferralHub on social media">
            {socialLinks.map((social) => (
              <li key={social.label}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={social.label}
                  className={classes.socialLink}
                >
                  <SocialIcon name={social.icon} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
