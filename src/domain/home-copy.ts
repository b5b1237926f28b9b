/**
 * What the home page says (`/`, spec §1, §2), in one place for the app's page
 * (src/features/info-pages/components/home-page.tsx) and the first screen the server writes into
 * a signed-out visitor's HTML (server/http/first-screen.ts, issue 24), so the two never say
 * different things.
 */

export type HomeLinkVariant = 'filled' | 'outline' | 'subtle';

export interface HomeLink {
  readonly to:
    '/referrals' | '/guidance' | '/auth/signup' | '/for-employee' | '/corporate' | '/jobs' | '/faq';
  readonly label: string;
  readonly variant: HomeLinkVariant;
}

export const HOME_HERO = {
  title: 'Get referred to the job you want',
  lead:
    'Browse jobs, see how well your CV matches each one, and ask verified employees to refer ' +
    'you. Works on a patchy connection too.',
  searchLabel: 'Search jobs by title, skill or company',
  searchPlaceholder: 'e.g. React developer, Bengaluru',
  searchButton: 'Search Job',
  /** "Or request a referral  get guidance from an employee", under the search box. */
  quickLinks: [
    { to: '/referrals', label: 'request a referral', variant: 'subtle' },
    { to: '/guidance', label: 'get guidance from an employee', variant: 'subtle' },
  ],
} as const satisfies {
  title: string;
  lead: string;
  searchLabel: string;
  searchPlaceholder: string;
  searchButton: string;
  quickLinks: readonly HomeLink[];
};

export const HOME_STEPS = {
  title: 'How referrals work',
  steps: [
    {
      title: 'Upload your CV',
      text: 'Add a text PDF under 2 MB. We read your skills, experience and roles from it.',
    },
    {
      title: 'See your match',
      text: 'Every job shows a match score, from core skills, soft skills, experience and responsibilities.',
    },
    {
      title: 'Request a referral',
      text: 'We check the fit and send your CV to a verified employee close to the hiring team.',
    },
    {
      title: 'Get referred',
      text: 'Your referee puts you forward through their company’s own process. Follow the status in your dashboard.',
    },
  ],
  note:
    'A nominal platform fee on each request keeps spam away from referees, so they keep ' +
    'answering.',
} as const;

export const HOME_AUDIENCES = {
  title: 'One place for everyone in hiring',
  audiences: [
    {
      title: 'Candidates',
      text:
        'Find jobs and companies, apply in a tap, save jobs for later (even offline), and ' +
        'request referrals or guidance.',
      link: { to: '/auth/signup', label: 'Sign-up for free', variant: 'filled' },
    },
    {
      title: 'Employees',
      text:
        'With 2+ years of experience and a work email, refer strong candidates and offer paid ' +
        'resume reviews, guidance and mock interviews.',
      link: { to: '/for-employee', label: 'Become a referee', variant: 'outline' },
    },
    {
      title: 'Employers',
      text:
        'Post jobs, see a match score for every applicant, and hire people referred by ' +
        'employees who know the work.',
      link: { to: '/corporate', label: 'Hire with ReferralHub', variant: 'outline' },
    },
  ],
} as const satisfies {
  title: string;
  audiences: readonly { title: string; text: string; link: HomeLink }[];
};

export const HOME_OFFLINE = {
  title: 'Made for your phone, online or not',
  text:
    'Install ReferralHub to your home screen. Jobs you have browsed stay available offline, and ' +
    'an application or CV upload made without a signal is sent once you are back online, ' +
    'exactly once.',
  links: [
    { to: '/jobs', label: 'Browse jobs', variant: 'filled' },
    { to: '/faq', label: 'Read the FAQ', variant: 'outline' },
  ],
} as const satisfies { title: string; text: string; links: readonly HomeLink[] };

/** The new jobs and top companies (src/domain/home-highlights.ts holds their data). */
export const HOME_HIGHLIGHTS = {
  jobsTitle: 'New jobs',
  jobsLink: { to: '/jobs', label: 'See all jobs' },
  companiesTitle: 'Top companies hiring',
  companiesLink: { to: '/referrals', label: 'All companies' },
  openJobs: (count: number) => `${count} open ${count === 1 ? 'job' : 'jobs'}`,
} as const;
