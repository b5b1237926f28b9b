/**
 * Terms of service and privacy policy text. Plain data, rendered by legal-page.tsx. Written for
 * how the product actually behaves (offline storage on the device, CV parsing, referee
 * verification, the platform fee); amounts the spec does not show are not stated.
 */
import { SUPPORT_EMAIL } from './support';

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

export const LEGAL_UPDATED = '22 November 2026';

export const termsSections: LegalSection[] = [
  {
    title: '1. Who these terms are for',
    paragraphs: [
      'These terms apply to everyone who uses ReferralHub: candidates looking for jobs, employees who act as referees or offer services, and company users (admins and recruiters) who post jobs. By creating an account or using the app you accept them.',
    ],
  },
  {
    title: '2. Your account',
    paragraphs: [
      'You sign in with email and password or through a supported social sign-in such as LinkedIn. Keep your credentials private; you are responsible for what happens under your account. Tell us at once if you think someone else has used it.',
      'The information in your profile and CV must be true. Referees must have at least 2 years of overall work experience and must verify a work email at the company they refer for.',
    ],
  },
  {
    title: '3. Referrals',
    paragraphs: [
      'A referral request asks a verified employee to put your CV forward through their company’s own process. ReferralHub does not guarantee an interview or a job, and each company’s hiring decision is its own.',
      'Referees are free to accept or decline any request. A request may also be rejected by our matching checks when the profile does not fit the job description; we give feedback where we can.',
    ],
  },
  {
    title: '4. Fees and services',
    paragraphs: [
      'Referral requests carry a nominal platform fee, shown before you pay, which keeps spam away from referees. Paid services (resume writing, career guidance, interview handholding, mock interviews) are priced by the employee offering them, and the price is shown before you book.',
      'Company plans are agreed with our corporate team. Refunds for a service that was not delivered are handled by support.',
    ],
  },
  {
    title: '5. Acceptable use',
    paragraphs: [
      'Do not post false jobs, misrepresent your experience or employer, harass other users, scrape the service, or use it to send unsolicited messages. We may suspend or deactivate accounts that do; a deactivated user is signed out and can contact support.',
    ],
  },
  {
    title: '6. Offline use',
    paragraphs: [
      'The app stores jobs you have browsed, saved jobs and queued actions on your device so it works on a poor connection. An action you take offline, such as applying or uploading a CV, is sent when you are back online. Until then it has not reached us or the company.',
    ],
  },
  {
    title: '7. Liability and changes',
    paragraphs: [
      'ReferralHub is provided as is. We are not responsible for decisions made by companies or referees. We may update these terms; when the change is material we will tell you in the app before it takes effect.',
      `Questions about these terms: ${SUPPORT_EMAIL}.`,
    ],
  },
];

export const privacySections: LegalSection[] = [
  {
    title: 'What we collect',
    paragraphs: [
      'Account details (name, email, phone if you give it), your CV as a PDF and the profile details we parse from it (designation, skills, years of experience, salary expectations), your applications and referral requests, and for referees a verified work email. Sign-in is handled by our identity provider in the Asia Pacific (Mumbai) region.',
    ],
  },
  {
    title: 'How we use it',
    paragraphs: [
      'To compute your match score against jobs, to route a referral request to a suitable referee, to send your application or referral to the company you chose, and to keep your account secure. We do not sell personal data.',
    ],
  },
  {
    title: 'Who sees what',
    paragraphs: [
      'A referee who receives your request sees your CV-based profile and match score for that job. Companies see your application and CV when you apply or are referred. Candidates never see a referee’s name or work email; employers are not told which employees are referees.',
    ],
  },
  {
    title: 'Data on your device',
    paragraphs: [
      'To work offline, the app keeps job and company listings, your saved jobs and any actions waiting to be sent in your browser’s storage on this device. Signing out clears it. You can also clear it from your browser’s site settings.',
    ],
  },
  {
    title: 'Your choices and rights',
    paragraphs: [
      `You can update your profile and CV at any time, and ask us for a copy of your data or to delete your account by writing to ${SUPPORT_EMAIL}. We keep data only as long as your account is active or the law requires.`,
    ],
  },
  {
    title: 'Contact requests from companies',
    paragraphs: [
      'When a company writes to us through the corporate contact form, we keep the name, work email, company, phone and message so that our corporate team can reply. We use them for nothing else.',
    ],
  },
];
