import { useMemo } from 'react';
import { sanitizeJobHtml } from '../sanitize';
import classes from './job-detail.module.css';

/** The job's HTML description, sanitized with DOMPurify before it reaches the DOM. */
export function JobDescription({ html }: { html: string | null | undefined }) {
  const clean = useMemo(() => sanitizeJobHtml(html), [html]);
  if (!clean) return null;
  return (
    <section>
      <h2 className={classes.subtitle}>Job description</h2>
      <div
        className={classes.description}
        data-testid="job-description"
        dangerouslySetInnerHTML={{ __html: clean }}
      />
    </section>
  );
}
