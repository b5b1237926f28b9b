import type { LegalSection } from '../content/legal';
import { LEGAL_UPDATED } from '../content/legal';
import { InfoLayout, InfoSection } from './info-layout';
import classes from './info-layout.module.css';

/** Terms and privacy share one layout: a title, the last-updated date and numbered sections. */
export function LegalPage({
  title,
  lead,
  sections,
}: {
  title: string;
  lead: string;
  sections: LegalSection[];
}) {
  return (
    <InfoLayout title={title} lead={lead}>
      <p className={classes.note}>Last updated: {LEGAL_UPDATED}</p>
      {sections.map((section) => (
        <InfoSection key={section.title} title={section.title}>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </InfoSection>
      ))}
    </InfoLayout>
  );
}
