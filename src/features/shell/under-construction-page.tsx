import type { ReactNode } from 'react';
import { LinkButton } from '@/lib/ui/link-button';
import classes from './message-page.module.css';

/** spec §2: placeholder "under construction" pages (faqs, blogs, pricing, employee/*,
 * candidate/*, profile/*, support), and the routes whose screens arrive with their own issue. */
export function UnderConstructionPage({
  title,
  children,
  more,
}: {
  title: string;
  children?: string;
  /** What the page already offers besides browsing jobs (e.g. the dashboard switch). */
  more?: ReactNode;
}) {
  return (
    <section className={classes.page}>
      <h1 className={classes.title}>{title}</h1>
      <p className={classes.lead}>This page is under construction.</p>
      <p className={classes.text}>
        {children ?? 'We are building this part of ReferralHub. Meanwhile, browse open jobs.'}
      </p>
      <LinkButton to="/jobs">Browse jobs</LinkButton>
      {more}
    </section>
  );
}
