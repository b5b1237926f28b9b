/**
 * What each path tells search engines and how its page is tinted (spec §2: "Page background
 * colour varies by path … An indexing hint and a canonical link are set for indexable paths").
 * Pure functions: the root layout applies them (src/features/shell/use-document-meta.ts), the
 * server to the first screen it writes into a page (server/http/route-preloads.ts); tests read
 * them directly.
 */

/** Public pages listed in public/sitemap.xml; keep the two in step. */
export const SITEMAP_PATHS = [
  '/',
  '/jobs',
  '/referrals',
  '/guidance',
  '/for-employee',
  '/faq',
  '/terms',
  '/privacy-policy',
  '/contact-us',
  '/about',
  '/corporate',
  '/corporate/connect-with-us',
] as const;

/** Public paths whose sub-pages are indexable too (job detail, request referral/guidance). */
const INDEXABLE_PREFIXES = ['/jobs/', '/referrals/', '/guidance/'];

/** Never indexed: signed-in dashboards, sign-in flows, the post-sign-up form. */
const NOINDEX_PREFIXES = ['/v1/', '/auth/'];

export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isIndexable(pathname: string): boolean {
  const path = normalisePath(pathname);
  if (path === '/post-signup-form' || path === '/v1') return false;
  if (NOINDEX_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  return (
    (SITEMAP_PATHS as readonly string[]).includes(path) ||
    INDEXABLE_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}

/** `index, follow` for public pages; anything else (dashboards, auth, placeholders, 404) is
 * `noindex` so that only real content reaches a search index. */
export function robotsFor(pathname: string): string {
  return isIndexable(pathname) ? 'index, follow' : 'noindex, nofollow';
}

/** The background tones (docs/decisions.md, "Page background by path"). All keep body text
 * (#212529) and links (#1044c1) above 4.5:1 contrast. */
export const PAGE_TONES = {
  home: '#f3f6fd',
  corporate: '#f4f3fb',
  info: '#f8f9fa',
  listing: '#f5f7fa',
  auth: '#eef3fc',
  plain: '#ffffff',
} as const;

export type PageTone = keyof typeof PAGE_TONES;

export function toneFor(pathname: string): PageTone {
  const path = normalisePath(pathname);
  if (path === '/') return 'home';
  if (path === '/corporate' || path.startsWith('/corporate/')) return 'corporate';
  if (path.startsWith('/auth/') || path === '/post-signup-form') return 'auth';
  if (
    ['/jobs', '/referrals', '/guidance', '/saved-jobs'].some(
      (p) => path === p || path.startsWith(`${p}/`),
    )
  )
    return 'listing';
  if (
    ['/for-employee', '/faq', '/terms', '/privacy-policy', '/contact-us', '/about'].includes(path)
  )
    return 'info';
  return 'plain';
}

const DEFAULT_TITLE = 'ReferralHub: jobs, referrals and guidance';

const TITLES: Record<string, string> = {
  '/': DEFAULT_TITLE,
  '/jobs': 'Jobs | ReferralHub',
  '/referrals': 'Request a referral | ReferralHub',
  '/guidance': 'Request guidance | ReferralHub',
  '/for-employee': 'For employees: refer candidates and offer services | ReferralHub',
  '/faq': 'Frequently asked questions | ReferralHub',
  '/terms': 'Terms of service | ReferralHub',
  '/privacy-policy': 'Privacy policy | ReferralHub',
  '/contact-us': 'Contact us | ReferralHub',
  '/about': 'About us | ReferralHub',
  '/corporate': 'For corporate teams: hire through referrals | ReferralHub',
  '/corporate/connect-with-us': 'Connect with our corporate team | ReferralHub',
};

export function titleFor(pathname: string): string {
  return TITLES[normalisePath(pathname)] ?? DEFAULT_TITLE;
}

/**
 * Pages that read no TanStack Query query (issue 24): their first load goes without the query
 * client's chunk. `/` only: its new jobs come in the server's HTML or by a direct call. The app's
 * root layout gates the page area on the client elsewhere (src/lib/query-gate.tsx), and the
 * server names the client's chunk with every other page's (server/http/route-preloads.ts).
 */
const PATHS_WITHOUT_QUERIES: readonly string[] = ['/'];

export function readsQueries(pathname: string): boolean {
  return !PATHS_WITHOUT_QUERIES.includes(normalisePath(pathname));
}
