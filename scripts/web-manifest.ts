import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest: what makes the app installable (issue #2, architecture.md). */
export const brand = {
  name: 'ReferralHub: jobs and referrals',
  shortName: 'ReferralHub',
  themeColor: '#1c5bd6',
  backgroundColor: '#ffffff',
} as const;

export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: brand.name,
  short_name: brand.shortName,
  description:
    'Browse jobs and companies, see how well you match, apply and request referrals, even offline.',
  lang: 'en-IN',
  theme_color: brand.themeColor,
  background_color: brand.backgroundColor,
  display: 'standalone',
  start_url: '/',
  scope: '/',
  categories: ['business', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'Jobs',
      short_name: 'Jobs',
      url: '/jobs',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Saved jobs',
      short_name: 'Saved',
      url: '/saved-jobs',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      // Applications live on the candidate profile (spec §2 /v1/candidate/profile).
      name: 'Applications',
      short_name: 'Applied',
      url: '/v1/candidate/profile',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
  // Issue 8: another app can share a job link (or any text) with the installed app; the
  // /share-target route opens our job links and searches the jobs for anything else.
  share_target: {
    action: '/share-target',
    method: 'GET',
    params: { title: 'title', text: 'text', url: 'url' },
  },
};
