import { termsSections } from '../content/legal';
import { LegalPage } from './legal-page';

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of service"
      lead="The rules for using ReferralHub as a candidate, a referee or a company."
      sections={termsSections}
    />
  );
}
