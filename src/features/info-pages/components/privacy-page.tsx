import { privacySections } from '../content/legal';
import { LegalPage } from './legal-page';

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy policy"
      lead="What we collect, why, who sees it, and what stays on your device."
      sections={privacySections}
    />
  );
}
