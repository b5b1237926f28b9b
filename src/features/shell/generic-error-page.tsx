import type { ErrorComponentProps } from '@tanstack/react-router';
import { LinkButton } from '@/lib/ui/link-button';
import buttonClasses from '@/lib/ui/button.module.css';
import { ErrorDetailsButton } from './error-details-button';
import classes from './message-page.module.css';

/** spec §8 "Generic error page", shown when a route fails to load or render. */
export function GenericErrorPage({ error }: Pick<ErrorComponentProps, 'error'>) {
  return (
    <section className={classes.page}>
      <h1 className={classes.title}>Oops! Something went wrong.</h1>
      <p className={classes.text}>
        It looks like our platform is facing some issues. Try reloading the page or try again later.
      </p>
      <div className={classes.actions}>
        <button
          type="button"
          className={buttonClasses.button}
          onClick={() => window.location.reload()}
        >
          Reload page
        </button>
        <LinkButton to="/" variant="outline">
          Go Back Home
        </LinkButton>
      </div>
      <ErrorDetailsButton error={error} />
    </section>
  );
}
