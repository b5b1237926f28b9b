import { ContactForm } from './contact-form';
import { InfoLayout } from './info-layout';

/** /corporate/connect-with-us: the corporate contact page (spec §2). */
export function ConnectWithUsPage() {
  return (
    <InfoLayout
      title="Connect with our corporate team"
      lead="Tell us what you are hiring for. We will reply within one working day with how ReferralHub can help and a quote for your plan."
    >
      <ContactForm />
    </InfoLayout>
  );
}
