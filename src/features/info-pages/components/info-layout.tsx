import type { ReactNode } from 'react';
import classes from './info-layout.module.css';

/** The frame of every information page: one h1 with a short lead, then the page's sections
 * (each opening with an h2, so headings stay in order). */
export function InfoLayout({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <article className={classes.page}>
      <header className={classes.hero}>
        <h1 className={classes.title}>{title}</h1>
        <p className={classes.lead}>{lead}</p>
      </header>
      {children}
    </article>
  );
}

export function InfoSection({
  title,
  id,
  children,
}: {
  title: string;
  id?: string;
  children: ReactNode;
}) {
  return (
    <section className={classes.section} id={id} aria-labelledby={id ? `${id}-title` : undefined}>
      <h2 className={classes.sectionTitle} id={id ? `${id}-title` : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}
