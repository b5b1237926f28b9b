/**
 * The navigation of spec §2 ("Header and footer") in one place, so the desktop header, the
 * mobile menu and the footer cannot drift apart.
 */
import type { LinkProps } from '@tanstack/react-router';

export interface NavLink {
  label: string;
  to: NonNullable<LinkProps['to']>;
  hash?: string;
}

export interface NavGroup {
  label: string;
  links: NavLink[];
}

/** spec §2: menus For Candidate (Jobs, Request Referral, Request Guidance), For Employee, For
 * Corporate and About Us. */
export const candidateMenu: NavGroup = {
  label: 'For Candidate',
  links: [
    { label: 'Jobs', to: '/jobs' },
    { label: 'Request Referral', to: '/referrals' },
    { label: 'Request Guidance', to: '/guidance' },
  ],
};

export const topLinks: NavLink[] = [
  { label: 'For Employee', to: '/for-employee' },
  { label: 'For Corporate', to: '/corporate' },
  { label: 'About Us', to: '/about' },
];

/** spec §2: footer link lists (company, candidate, info). */
export const footerGroups: NavGroup[] = [
  {
    label: 'Company',
    links: [
      { label: 'About Us', to: '/about' },
      { label: 'Contact Us', to: '/contact-us' },
      { label: 'For Corporate', to: '/corporate' },
      { label: 'Pricing', to: '/corporate', hash: 'corporatePlans' },
    ],
  },
  {
    label: 'Candidates',
    links: [
      { label: 'Browse Jobs', to: '/jobs' },
      { label: 'Request Referral', to: '/referrals' },
      { label: 'Request Guidance', to: '/guidance' },
      { label: 'Saved Jobs', to: '/saved-jobs' },
      // Booked guidance sessions (issue 19; decisions "Guidance screens").
      { label: 'My Sessions', to: '/guidance/bookings' },
    ],
  },
  {
    label: 'Information',
    links: [
      { label: 'For Employee', to: '/for-employee' },
      { label: 'FAQ', to: '/faq' },
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy-policy' },
    ],
  },
];

/** Social profiles. The spec names none; these are the product's own handles (configurable
 * here, one place). */
export const socialLinks = [
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/referralhub', icon: 'linkedin' },
  { label: 'X (Twitter)', href: 'https://x.com/referralhub', icon: 'x' },
  { label: 'Instagram', href: 'https://www.instagram.com/referralhub', icon: 'instagram' },
  { label: 'YouTube', href: 'https://www.youtube.com/@referralhub', icon: 'youtube' },
] as const;
