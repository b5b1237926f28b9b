import { faqTabs, SUPPORT_EMAIL } from '../content/faq';
import { Accordion } from './accordion';
import { InfoLayout, InfoSection } from './info-layout';
import { Tabs } from './tabs';
import classes from './info-layout.module.css';

/** spec §2 "FAQ page": tabs Employee (default) and Candidates, accordion questions in each, and
 * a support-email link. */
export function FaqPage() {
  return (
    <InfoLayout
      title="Frequently asked questions"
      lead="How referrals, services and match scores work on ReferralHub, for employees who refer and for candidates who ask."
    >
      <Tabs
        label="Questions for"
        defaultId="employee"
        items={faqTabs.map((tab) => ({
          id: tab.id,
          label: tab.label,
          panel: (
            <>
              <h2 className={classes.visuallyHidden}>{`${tab.label} questions`}</h2>
              <Accordion items={tab.items} />
            </>
          ),
        }))}
      />
      <InfoSection title="Still have a question?">
        <p>
          Write to us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. We answer within
          one working day.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}
