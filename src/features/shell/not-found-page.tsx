import { Link } from '@tanstack/react-router';
import { LinkButton } from '@/lib/ui/link-button';
import classes from './message-page.module.css';

/** spec §2 "404 page" and §8: "404 Page Not Found", the apology text and Go Back Home. */
export function NotFoundPage() {
  return (
    <section className={classes.page}>
      <h1 className={classes.title}>404 Page Not Found</h1>
      <p className={classes.text}>
        {/* spec §8, 404 page */}
        Sorry, the page you&apos;re looking for doesn&apos;t exist. If you think this is a mistake,
        please{' '}
        <Link to="/contact-us" className={classes.inlineLink}>
          contact us
        </Link>
        .
      </p>
      <LinkButton to="/">Go Back Home</LinkButton>
    </section>
  );
}
