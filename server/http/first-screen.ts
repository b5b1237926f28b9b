/**
 * The first screen of `/jobs`, of a job page and of the home page, written into the HTML the
 * server sends a signed-out visitor (issue 24 item 5). On slow 3G the page's scripts take ~4.5 s
 * to arrive and the first job card showed at ~5.2 s; the HTML and the stylesheets are in at
 * ~1.5 s. With the jobs already in the HTML the visitor reads them then, and can open one (the
 * titles are links) or search (the search box is a plain form) before any script has run. No
 * JavaScript needed. The home page says the same to everyone (src/domain/home-copy.ts), so it
 * comes whole, its search box and links working.
 *
 * It is the app's own markup for these screens (header, listing frame, job card; job page) with
 * the app's own class names, read from the build (`.vite/css-modules.json`,
 * scripts/css-module-map.ts), and the app's stylesheets: the shell links the route's styles as
 * stylesheets instead of preloading them. Controls that need the app (Save, Filters, Apply,
 * Share, the menu) keep their place but are not shown, so nothing looks ready that is not, and
 * nothing moves when the app takes over: the app renders into `#root` under the first screen
 * (hidden, global.css) and removes it once its own first screen is shown
 * (src/lib/first-screen-handover.ts). A browser test compares the two screens' positions.
 *
 * Signed in, only `/jobs`, and only for a browser whose listing cookie names its first request
 * (src/domain/listing-cookie.ts: the profile's default filters, which the server cannot know, are
 * in it): the same cards, the header without the calls to sign in, the profile's suggestion line
 * and each card's place for the match score (SignedInReader). A job page may show a signed-in
 * reader more, and the home page sends a signed-in visitor on, so those stay the app's alone.
 * A build without the class map, or one whose class names do not include one this markup uses
 * (a renamed class), gets no first screen rather than an unstyled one.
 */
import type { Job, JobSearchQuery } from '../../src/domain/contract/jobs';
import { formatExperienceRange, formatSalaryRange } from '../../src/domain/bands';
import { companySlug } from '../../src/domain/company-slug';
import { jobLogo } from '../../src/domain/job-logo';
import { FIRST_SCREEN_ID } from '../../src/domain/first-screen-id';
import {
  HOME_AUDIENCES,
  HOME_HERO,
  HOME_HIGHLIGHTS,
  HOME_OFFLINE,
  HOME_STEPS,
  type HomeLink,
} from '../../src/domain/home-copy';
import {
  companyJobsHref,
  HIGHLIGHTS_DATA_ID,
  highlightsJson,
  type HomeHighlights,
} from '../../src/domain/home-highlights';
import { postedText } from '../../src/domain/posted-text';
import {
  profileSuggestionText,
  SHOW_ALL_JOBS,
  type AppliedDefaults,
} from '../../src/domain/profile-suggestion';
import { escapeAttribute, sanitizeDescriptionHtml } from '../jobs/sanitize-html';

/** Where the server gets the first screen's jobs: the same queries as the jobs API's answers. */
export interface FirstScreenSource {
  /** The first page of `/jobs`: with no search and no filters, or for `query` (signed in). */
  listing(query?: JobSearchQuery): Promise<Job[]>;
  /** A public job as an anonymous reader sees it, or null. */
  job(id: string): Promise<Job | null>;
  /** The home page's new jobs and top companies, as the API's answers give them. */
  highlights(): Promise<HomeHighlights>;
}

export type FirstScreenPage = { page: 'home' } | { page: 'listing' } | { page: 'job'; id: string };

/**
 * A signed-in reader of `/jobs` (known only from the app's cookies: no identity): the header
 * without the calls to sign in, and when the listing carries the profile's defaults, the line that
 * says so and each card's place for the match score (a candidate with a profile).
 */
export interface SignedInReader {
  readonly suggested: AppliedDefaults | null;
}

/** The build's CSS-module class names: file (from the project root) → local name → classes. */
export type CssModuleMap = Record<string, Record<string, string>>;

/** The stylesheets whose classes the first screen uses, by the name the markup uses. */
export const FIRST_SCREEN_CSS_FILES = {
  header: 'src/features/shell/header.module.css',
  linkButton: 'src/lib/ui/link-button.module.css',
  button: 'src/lib/ui/button.module.css',
  frame: 'src/lib/ui/listing/listing-frame.module.css',
  search: 'src/lib/ui/listing/search-box.module.css',
  filters: 'src/lib/ui/listing/filter-panel.module.css',
  card: 'src/features/jobs/components/job-card.module.css',
  detail: 'src/features/jobs/components/job-detail.module.css',
  saved: 'src/features/saved-jobs/saved-jobs.module.css',
  listing: 'src/features/jobs/components/job-listing.module.css',
  apply: 'src/features/apply/components/apply-action.module.css',
  home: 'src/features/info-pages/components/home-page.module.css',
  highlights: 'src/features/info-pages/components/home-highlights.module.css',
} as const;

/** Kept in place for the app's control, not shown and not reachable until the app is there. */
const RESERVED = 'style="visibility:hidden" aria-hidden="true" tabindex="-1"';

type ClassOf = (file: keyof typeof FIRST_SCREEN_CSS_FILES, ...locals: string[]) => string;

/** The logo mark, as src/features/shell/logo.tsx draws it. */
const LOGO =
  '<span style="display:inline-flex;align-items:center;gap:8px;font-weight:700">' +
  '<svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true">' +
  '<rect width="64" height="64" rx="12" fill="#1c5bd6"></rect>' +
  '<circle cx="32" cy="23" r="9" fill="#fff"></circle>' +
  '<path d="M14 50a18 14 0 0 1 36 0z" fill="#fff"></path>' +
  '<path d="M43 18h7v-3l5 4-5 4v-3h-7z" fill="#fff"></path></svg>' +
  '<span style="font-size:20px;color:#10223f">ReferralHub</span></span>';

/**
 * The header (src/features/shell/header.tsx): logo and, signed out, the three calls to action;
 * signed in, the account menu's place stays empty until the app's menu is there.
 */
function header(c: ClassOf, signedIn: boolean): string {
  const action = (href: string, variant: string, label: string) =>
    `<a class="${c('linkButton', 'button', variant, 'sm')}" href="${href}">${label}</a>`;
  return (
    `<header class="${c('header', 'header')}"><div class="${c('header', 'bar')}">` +
    `<a class="${c('header', 'logo')}" aria-label="ReferralHub home" href="/">${LOGO}</a>` +
    `<div class="${c('header', 'actions')}">` +
    (signedIn
      ? ''
      : action('/auth/login', 'subtle', 'Login') +
        action('/auth/signup', 'filled', 'Sign-up for free') +
        action('/auth/corporate/login', 'outline', 'For Employers')) +
    `</div>` +
    `<span class="${c('header', 'burger')}" ${RESERVED}>` +
    `<span class="${c('header', 'burgerLines')}"></span></span>` +
    `</div></header>`
  );
}

/**
 * The cards a phone shows before any scrolling: their logos come with the first screen. Further
 * down a card shows its company's initial until the app takes over: ten logo requests at once
 * held HTTP/1.1's six connections from the app's scripts (the app's first card ~0.3 s later on
 * slow 3G), and lazy loading does not help there (Chromium loads lazy images up to ~2,000 px
 * below the screen on a slow connection).
 */
const CARDS_WITH_LOGO = 3;

const posted = (job: Job, now: number) => postedText(job.jobPostedDate ?? job.createdAt, now);

/**
 * A job in the listing (src/features/jobs/components/job-card.tsx), without its controls; with
 * `scored`, the match score's place (src/features/match/components/match-badge.tsx: a 40 px
 * gauge), kept until the app has the score.
 */
function jobCard(c: ClassOf, job: Job, now: number, index: number, scored: boolean): string {
  const logo = jobLogo(job);
  const href = `/jobs/${encodeURIComponent(companySlug(job.companyName))}/${encodeURIComponent(job.id)}`;
  const facts = [
    job.location?.city,
    formatSalaryRange(job.salaryRange, job.displaySalaryRange !== false),
    formatExperienceRange(job.experienceRange),
    job.workMode,
  ].filter((fact): fact is string => Boolean(fact));
  // The first card's title is what a visitor came for: the benchmark times its paint by name
  // (Element Timing marks the element whose own text it is: the link).
  const timing = index === 0 ? ' elementtiming="first-screen"' : '';
  return (
    `<article class="${c('card', 'card')}">` +
    `<div class="${c('card', 'head')}">` +
    (logo && index < CARDS_WITH_LOGO
      ? `<img class="${c('card', 'logo')}" alt="" width="44" height="44" src="${escapeAttribute(logo)}">`
      : `<span class="${c('card', 'logo')}" aria-hidden="true">${escapeAttribute(job.companyName.charAt(0).toUpperCase())}</span>`) +
    `<div class="${c('card', 'titles')}">` +
    `<h2 class="${c('card', 'title')}"><a href="${escapeAttribute(href)}"${timing}>${escapeAttribute(job.jobTitle)}</a></h2>` +
    `<p class="${c('card', 'company')}">${escapeAttribute(job.companyName)}` +
    (job.isExternal ? ` <span class="${c('card', 'badge')}">External</span>` : '') +
    `</p></div></div>` +
    `<ul class="${c('card', 'facts')}">${facts.map((fact) => `<li>${escapeAttribute(fact)}</li>`).join('')}</ul>` +
    // Its stylesheet comes with the app's match chunk, so the place is held by a style of its own.
    (scored ? `<span style="visibility:hidden;height:40px" aria-hidden="true"></span>` : '') +
    `<div class="${c('card', 'foot')}"><p class="${c('card', 'posted')}">${escapeAttribute(posted(job, now))}</p> ` +
    `<button type="button" class="${c('saved', 'saveButton')}" ${RESERVED}>☆ Save</button></div>` +
    `</article>`
  );
}

/** `/jobs` (src/features/jobs/components/job-listing-page.tsx in ListingFrame), first page. */
function listingScreen(
  c: ClassOf,
  jobs: readonly Job[],
  reader: SignedInReader | null,
  now: number,
): string {
  const suggested = reader?.suggested ?? null;
  const placeholder = 'Search by title, skill or company';
  return (
    `<div class="${c('frame', 'page')}"><h1 class="${c('frame', 'heading')}">Jobs</h1>` +
    `<div class="${c('frame', 'toolbar')}">` +
    // A plain form: /jobs?searchText=… is the app's own URL for a search.
    `<form role="search" class="${c('search', 'form')}" action="/jobs" method="get">` +
    `<div class="${c('search', 'field')}"><input class="${c('search', 'input')}" name="searchText" aria-label="${placeholder}" placeholder="${placeholder}" maxlength="200" type="search"></div>` +
    `<button type="submit" class="${c('button', 'button')}">Search Job</button></form>` +
    `<button type="button" class="${c('button', 'secondary')} ${c('filters', 'toggle')}" ${RESERVED}><span>Filters</span></button>` +
    `</div>` +
    `<div class="${c('frame', 'layout')}">` +
    `<aside class="${c('filters', 'panel')}" data-open="false" ${RESERVED}></aside>` +
    `<section class="${c('frame', 'results')}" aria-label="Job results">` +
    // src/features/jobs/components/profile-defaults-notice.tsx; its button needs the app.
    (suggested
      ? `<p class="${c('listing', 'defaults')}">${escapeAttribute(profileSuggestionText(suggested))} ` +
        `<button type="button" class="${c('listing', 'linkButton')}" ${RESERVED}>${SHOW_ALL_JOBS}</button></p>`
      : '') +
    jobs.map((job, index) => jobCard(c, job, now, index, suggested !== null)).join('') +
    `</section></div></div>`
  );
}

/** A job page (src/features/jobs/components/job-detail-page.tsx), without its controls. */
function jobScreen(c: ClassOf, job: Job, now: number): string {
  const logo = jobLogo(job);
  const facts: [string, string][] = [
    ['Location', job.location?.fullLocation?.join(', ') || job.location?.city || 'Not specified'],
    ['Salary', formatSalaryRange(job.salaryRange, job.displaySalaryRange !== false)],
    ['Experience', formatExperienceRange(job.experienceRange)],
    ...(job.workMode ? [['Work mode', job.workMode] as [string, string]] : []),
    ...(job.typeofEmployment ? [['Job type', job.typeofEmployment] as [string, string]] : []),
  ];
  const skillList = (title: string, skills: readonly string[]) =>
    skills.length === 0
      ? ''
      : `<section><h2 class="${c('detail', 'subtitle')}">${title}</h2><ul class="${c('detail', 'skills')}">` +
        skills.map((skill) => `<li>${escapeAttribute(skill)}</li>`).join('') +
        `</ul></section>`;
  const description = sanitizeDescriptionHtml(job.jobDescription ?? '');
  return (
    `<article class="${c('detail', 'page')}">` +
    `<header class="${c('detail', 'header')}">` +
    (logo
      ? `<img class="${c('detail', 'logo')}" alt="" width="56" height="56" src="${escapeAttribute(logo)}">`
      : '') +
    `<div><h1 class="${c('detail', 'title')}" elementtiming="first-screen">${escapeAttribute(job.jobTitle)}</h1>` +
    `<p class="${c('detail', 'company')}">${escapeAttribute(job.companyName)}</p></div></header>` +
    `<dl class="${c('detail', 'facts')}">` +
    facts.map(([term, value]) => `<dt>${term}</dt><dd>${escapeAttribute(value)}</dd>`).join('') +
    `</dl>` +
    `<p class="${c('detail', 'posted')}">${escapeAttribute(posted(job, now))}${job.isExternal ? ' · from another job portal' : ''}</p>` +
    `<div class="${c('detail', 'actions')}">` +
    `<button type="button" class="${c('button', 'button')} ${c('apply', 'apply')}" ${RESERVED}>Apply</button>` +
    `<button type="button" class="${c('saved', 'saveButton')}" ${RESERVED}>☆ Save</button>` +
    `<button type="button" class="${c('button', 'secondary')}" ${RESERVED}>Share</button></div>` +
    skillList('Skills', [...(job.coreSkills ?? []), ...(job.technicalSkills ?? [])]) +
    skillList('Soft skills', job.softSkills ?? []) +
    (description
      ? `<section><h2 class="${c('detail', 'subtitle')}">Job description</h2>` +
        `<div class="${c('detail', 'description')}">${description}</div></section>`
      : '') +
    `</article>`
  );
}

/**
 * The new jobs and top companies (src/features/info-pages/components/home-highlights-view.tsx),
 * and the same section as JSON for the app's first render (src/domain/home-highlights.ts).
 */
function highlightsSection(c: ClassOf, highlights: HomeHighlights): string {
  const logo = (src: string | null, name: string) =>
    src
      ? `<img class="${c('highlights', 'logo')}" src="${escapeAttribute(src)}" alt="" width="40" height="40" loading="lazy">`
      : `<span class="${c('highlights', 'logo')}" aria-hidden="true">${escapeAttribute(name.charAt(0).toUpperCase())}</span>`;
  const heading = (id: string, title: string, link: { to: string; label: string }) =>
    `<div class="${c('highlights', 'heading')}"><h2 id="fs-${id}" class="${c('highlights', 'title')}">${escapeAttribute(title)}</h2>` +
    `<a href="${link.to}" class="${c('highlights', 'more')}">${escapeAttribute(link.label)}</a></div>`;
  const { jobs, companies } = highlights;
  return (
    (jobs.length > 0
      ? `<section class="${c('highlights', 'section')}" aria-labelledby="fs-featured-title">` +
        heading('featured-title', HOME_HIGHLIGHTS.jobsTitle, HOME_HIGHLIGHTS.jobsLink) +
        `<ul class="${c('highlights', 'jobs')}">` +
        jobs
          .map((job) => {
            const href = `/jobs/${encodeURIComponent(companySlug(job.companyName))}/${encodeURIComponent(job.id)}`;
            return (
              `<li class="${c('highlights', 'job')}">${logo(job.logoUrl, job.companyName)}` +
              `<div class="${c('highlights', 'jobText')}">` +
              `<a href="${escapeAttribute(href)}" class="${c('highlights', 'jobTitle')}">${escapeAttribute(job.title)}</a>` +
              `<span class="${c('highlights', 'jobMeta')}">${escapeAttribute(job.companyName)}${job.city ? ` · ${escapeAttribute(job.city)}` : ''}</span>` +
              `</div></li>`
            );
          })
          .join('') +
        `</ul></section>`
      : '') +
    (companies.length > 0
      ? `<section class="${c('highlights', 'section')}" aria-labelledby="fs-companies-title">` +
        heading('companies-title', HOME_HIGHLIGHTS.companiesTitle, HOME_HIGHLIGHTS.companiesLink) +
        `<ul class="${c('highlights', 'companies')}">` +
        companies
          .map(
            (company) =>
              `<li><a href="${escapeAttribute(companyJobsHref(company.name))}" class="${c('highlights', 'company')}">` +
              logo(company.logoUrl, company.name) +
              `<span class="${c('highlights', 'companyName')}">${escapeAttribute(company.name)}</span>` +
              `<span class="${c('highlights', 'companyJobs')}">${HOME_HIGHLIGHTS.openJobs(company.openJobs)}</span>` +
              `</a></li>`,
          )
          .join('') +
        `</ul></section>`
      : '') +
    `<script type="application/json" id="${HIGHLIGHTS_DATA_ID}">${highlightsJson(highlights)}</script>`
  );
}

/**
 * `/` (src/features/info-pages/components/home-page.tsx), the whole page; the new jobs and top
 * companies when the server had them in time (otherwise the app adds them once their answer is
 * in, as it does on its own). Its ids are the app's with a prefix: both pages are in the
 * document until the app takes over.
 */
function homeScreen(c: ClassOf, highlights: HomeHighlights | null): string {
  const link = ({ to, label, variant }: HomeLink, size: 'sm' | 'md' = 'md') =>
    `<a class="${c('linkButton', 'button', variant, size)}" href="${to}">${escapeAttribute(label)}</a>`;
  const section = (id: string, title: string, body: string) =>
    `<section class="${c('home', 'section')}" aria-labelledby="fs-${id}">` +
    `<h2 id="fs-${id}" class="${c('home', 'sectionTitle')}">${escapeAttribute(title)}</h2>${body}</section>`;
  return (
    `<div class="${c('home', 'home')}">` +
    `<section class="${c('home', 'hero')}" aria-labelledby="fs-home-title">` +
    `<h1 id="fs-home-title" class="${c('home', 'title')}" elementtiming="first-screen">${escapeAttribute(HOME_HERO.title)}</h1>` +
    `<p class="${c('home', 'lead')}">${escapeAttribute(HOME_HERO.lead)}</p>` +
    // A plain form, as the app's: /jobs?searchText=… is the listing's own URL for a search.
    `<form role="search" action="/jobs" method="get" class="${c('home', 'search')}">` +
    `<label for="fs-home-search" class="${c('home', 'searchLabel')}">${escapeAttribute(HOME_HERO.searchLabel)}</label>` +
    `<div class="${c('home', 'searchRow')}">` +
    `<input id="fs-home-search" name="searchText" type="search" class="${c('home', 'searchInput')}" placeholder="${escapeAttribute(HOME_HERO.searchPlaceholder)}" autocomplete="off" enterkeyhint="search">` +
    `<button type="submit" class="${c('home', 'searchButton')}">${escapeAttribute(HOME_HERO.searchButton)}</button>` +
    `</div></form>` +
    `<p class="${c('home', 'quickLinks')}">Or ${HOME_HERO.quickLinks.map((quick) => link(quick, 'sm')).join('')}</p>` +
    `</section>` +
    section(
      'how-title',
      HOME_STEPS.title,
      `<ol class="${c('home', 'steps')}">` +
        HOME_STEPS.steps
          .map(
            (step, index) =>
              `<li class="${c('home', 'step')}"><span class="${c('home', 'stepNumber')}" aria-hidden="true">${index + 1}</span>` +
              `<h3>${escapeAttribute(step.title)}</h3><p>${escapeAttribute(step.text)}</p></li>`,
          )
          .join('') +
        `</ol><p class="${c('home', 'note')}">${escapeAttribute(HOME_STEPS.note)}</p>`,
    ) +
    (highlights ? highlightsSection(c, highlights) : '') +
    section(
      'who-title',
      HOME_AUDIENCES.title,
      `<ul class="${c('home', 'audiences')}">` +
        HOME_AUDIENCES.audiences
          .map(
            (audience) =>
              `<li class="${c('home', 'audience')}"><h3>${escapeAttribute(audience.title)}</h3>` +
              `<p>${escapeAttribute(audience.text)}</p>${link(audience.link)}</li>`,
          )
          .join('') +
        `</ul>`,
    ) +
    section(
      'offline-title',
      HOME_OFFLINE.title,
      `<p>${escapeAttribute(HOME_OFFLINE.text)}</p>` +
        `<div class="${c('home', 'actions')}">${HOME_OFFLINE.links.map((action) => link(action)).join('')}</div>`,
    ) +
    `</div>`
  );
}

/**
 * The first screen's markup (header and main), or null when the build's class names do not
 * cover it. `now`: for "Posted 3 days ago".
 */
export function renderFirstScreen(
  classMap: CssModuleMap,
  screen:
    | { page: 'home'; highlights?: HomeHighlights | null }
    | { page: 'listing'; jobs: readonly Job[]; reader?: SignedInReader }
    | { page: 'job'; job: Job },
  now = Date.now(),
): string | null {
  let missing = false;
  const c: ClassOf = (file, ...locals) =>
    locals
      .map((local) => {
        const name = classMap[FIRST_SCREEN_CSS_FILES[file]]?.[local];
        if (!name) missing = true;
        return name ?? '';
      })
      .join(' ');
  const main =
    screen.page === 'home'
      ? homeScreen(c, screen.highlights ?? null)
      : screen.page === 'listing'
        ? listingScreen(c, screen.jobs, screen.reader ?? null, now)
        : jobScreen(c, screen.job, now);
  const html =
    `<div id="${FIRST_SCREEN_ID}">${header(c, screen.page === 'listing' && screen.reader !== undefined)}` +
    `<main class="app-main">${main}</main></div>`;
  return missing ? null : html;
}
