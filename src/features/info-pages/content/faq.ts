/**
 * The FAQ of spec §2: an Employee tab (default) and a Candidates tab. Every topic the spec lists
 * has a question here (the `topic` field names it, and the unit test checks the list). Answers
 * describe what the product does; amounts the spec does not show are not invented.
 */
import { SUPPORT_EMAIL } from './support';

export { SUPPORT_EMAIL };

export interface FaqItem {
  /** The spec's topic this answers (tests check that each is covered). */
  topic: string;
  question: string;
  answer: string[];
}

export interface FaqTab {
  id: 'employee' | 'candidates';
  label: string;
  items: FaqItem[];
}

export const employeeFaq: FaqItem[] = [
  {
    topic: 'privacy',
    question: 'Will my employer or the candidates see my personal details?',
    answer: [
      'No. Candidates see that a verified employee of the company reviewed their request, not your name, email or profile. Your work email is used only to confirm where you work and is never shown to candidates or shared with your employer.',
      'You decide whether to share any contact details with a candidate once you have accepted a request.',
    ],
  },
  {
    topic: 'work email',
    question: 'Why do you need my work email, and how often?',
    answer: [
      'Once. We send a one-time code to your work email to confirm that you work at the company you refer for. After that you sign in with your usual account; we do not send referral traffic to your work inbox.',
    ],
  },
  {
    topic: 'referral obligation',
    question: 'Do I have to refer every candidate who asks?',
    answer: [
      'No. You see the candidate’s CV-based profile and their match score for the job, and you accept or decline each request. Declining is normal and the candidate is not told who declined.',
    ],
  },
  {
    topic: 'benefits',
    question: 'What do I get out of referring candidates?',
    answer: [
      'You help good people get a fair look at your company, often earn your company’s own referral bonus when a hire goes through, and build a reputation on ReferralHub that makes your paid services easier to find.',
    ],
  },
  {
    topic: 'who can be a referee',
    question: 'Who can become a referee?',
    answer: [
      'Anyone with at least 2 years of overall work experience who can verify a work email at the company they refer for. Experience is read from your CV, which we parse when you upload it as a PDF.',
    ],
  },
  {
    topic: 'payment for services',
    question: 'How am I paid for resume reviews, guidance and mock interviews?',
    answer: [
      'You set your own fee for each service you offer: resume writing, career guidance, interview handholding and mock interviews. The candidate pays when booking, and your earnings are paid out to the account in your employee profile after the session is delivered.',
    ],
  },
  {
    topic: 'expertise',
    question: 'Which services should I offer if I am not a career coach?',
    answer: [
      'Offer what you already know well. If you have interviewed candidates, a mock interview for your role is valuable; if you have moved between companies, career guidance is. You can switch services on or off at any time from your profile.',
    ],
  },
  {
    topic: 'unpublished jobs',
    question: 'Can I refer someone to a job that is not on ReferralHub?',
    answer: [
      'Referral requests are made against a company and a job description. If your company has an opening that is not listed yet, the candidate can still request a referral for the company, and you can tell them which internal opening fits.',
    ],
  },
  {
    topic: 'no-referral policy',
    question: 'My company has no referral programme. Can I still take part?',
    answer: [
      'Yes. Without a formal programme you can still pass a strong CV to the hiring manager, or offer guidance and mock interviews instead of referrals. Always follow your employer’s rules: if they forbid referrals from outside platforms, decline referral requests and offer services only.',
    ],
  },
];

export const candidateFaq: FaqItem[] = [
  {
    topic: 'requesting a referral',
    question: 'How do I request a referral?',
    answer: [
      'Open Request Referral, pick a company, and choose the job you want. Make sure your profile is complete and your CV is uploaded as a text PDF (not a scan). We check your eligibility, match you to the job and send your CV to the best-placed referee at that company.',
    ],
  },
  {
    topic: 'matching',
    question: 'How do you match me with a referee?',
    answer: [
      'We use your assessment score for the job together with the referee’s designation, location and role, so your request goes to someone close to the team that is hiring.',
    ],
  },
  {
    topic: 'timeline',
    question: 'How long does it take to hear back?',
    answer: [
      'The eligibility and match checks run within a minute of your request. Referees usually respond within a few working days; you can follow the status of each request from your dashboard.',
    ],
  },
  {
    topic: 'platform fee',
    question: 'Why is there a platform fee?',
    answer: [
      'A small, nominal platform fee keeps spam requests away from referees, so the requests they receive are serious and they keep answering. Your plan shows how many referral requests you have left, and you can add more from the subscription page.',
    ],
  },
  {
    topic: 'successful referral',
    question: 'What happens after a successful referral?',
    answer: [
      'The referee submits your CV through their company’s internal referral process. From then on the company’s recruiters contact you directly; keep your email and phone number up to date in your profile.',
    ],
  },
  {
    topic: 'adding a missing company',
    question: 'The company I want is not listed. Can you add it?',
    answer: [
      `Yes. Write to ${SUPPORT_EMAIL} with the company name and its careers page. We add companies as soon as we have verified referees there.`,
    ],
  },
  {
    topic: 'rejection',
    question: 'Why was my referral request rejected?',
    answer: [
      'Most often because your profile is not yet a good match for the job description, based on skills, experience and responsibilities. Rejections come with feedback; you can request guidance from an employee to close the gap and try a better-matched job.',
    ],
  },
  {
    topic: 'talking to referees',
    question: 'Can I talk to the referee directly?',
    answer: [
      'Referees stay anonymous until they accept your request. To talk to an employee one-to-one, book one of their services, such as career guidance or a mock interview, from Request Guidance.',
    ],
  },
  {
    topic: 'services',
    question: 'What services can I book from employees?',
    answer: [
      'Resume writing, career guidance, interview handholding and mock interviews, each offered by verified employees at a fee they set themselves. The fee is shown before you book.',
    ],
  },
  {
    topic: 'improving the score',
    question: 'How can I improve my match score?',
    answer: [
      'The score compares your CV with the job: core skills count most, then experience, soft skills and responsibilities. List your skills clearly, describe what you did in each role, and upload a text PDF under 2 MB so we can read it. The score updates after your CV is parsed.',
    ],
  },
  {
    topic: 're-requesting after applying',
    question: 'I already applied to the job. Can I still request a referral?',
    answer: [
      'Yes. Many companies still accept a referral for an existing application, and the referee will tell you if their process does not allow it. You cannot send a second request for the same job while one is still open.',
    ],
  },
];

export const faqTabs: FaqTab[] = [
  { id: 'employee', label: 'Employee', items: employeeFaq },
  { id: 'candidates', label: 'Candidates', items: candidateFaq },
];
