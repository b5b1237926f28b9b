/**
 * Serves the built PWA from DIST_DIR with caching that suits a service-worker app:
 * - hashed files under /assets/: cached for a year and immutable (a new build has new names);
 * - sw.js, index.html and the manifest: `no-cache` (always revalidated), so a deployment is seen
 *   on the next check and the service worker's update flow can start;
 * - other public files (icons, robots.txt): an hour.
 * Any other GET that wants HTML and is not under an API prefix gets index.html (SPA fallback):
 * the client router decides what to show, including its own 404 page. The shell names the
 * route's own chunks for preloading (route-preloads.ts), so they download with the entry, and for
 * a signed-out visitor the page's first API answer (src/domain/page-data.ts) and, on `/`, `/jobs`
 * and a job page, the page's first screen itself (first-screen.ts).
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { firstDataUrl, firstScreenPage } from '../../src/domain/page-data';
import { hasSignedInCookie } from '../../src/domain/signed-in-cookie';
import {
  renderFirstScreen,
  type CssModuleMap,
  type FirstScreenPage,
  type FirstScreenSource,
} from './first-screen';
import {
  preloadsFor,
  shellReader,
  withFirstScreen,
  withInlineStyles,
  withPreloads,
} from './route-preloads';
import { signedInListing, type SignedInListing } from './signed-in-listing';

const ONE_YEAR_S = 365 * 24 * 60 * 60;
const API_PREFIXES = ['/api', '/jobs-api', '/storage'];
const ALWAYS_REVALIDATE = new Set(['sw.js', 'index.html', 'manifest.webmanifest', 'registerSW.js']);

export function cacheControlFor(relativePath: string): string {
  const normalised = relativePath.split(path.sep).join('/').replace(/^\/+/, '');
  if (normalised.startsWith('assets/')) return `public, max-age=${ONE_YEAR_S}, immutable`;
  if (ALWAYS_REVALIDATE.has(normalised) || normalised.startsWith('workbox-')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Headers that only a document (or a worker) acts on: a page's policy, framing, isolation and
 * legacy browser switches. A hashed script or stylesheet is neither, and over HTTP/1.1 every one
 * of the ~35 files of a first load carried them again (~1 KB of headers each, more than many of
 * the files themselves: issue 24). What a subresource does use stays: nosniff, CORP and the
 * referrer policy. Worker scripts keep all of them (a worker takes its CSP from its own script).
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** A built script or stylesheet (or its precompressed copy) that is not a worker's script. */
export function isScriptOrStyleAsset(relativePath: string): boolean {
  const normalised = relativePath.split(path.sep).join('/');
  return /^assets\/[^/]+\.(js|css)(\.br|\.gz)?$/.test(normalised) && !/worker/i.test(normalised);
}

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*') || accept === '';
}

/**
 * How long the shell waits for the first screen's jobs: a slow database delays the page by at
 * most this much; the app then loads them itself as before.
 */
export const FIRST_SCREEN_WAIT_MS = 300;

export interface StaticAppOptions {
  /** Where a signed-out visitor's first screen gets its data: the jobs of `/jobs` or a job page,
   * the new jobs and top companies of `/` (which comes without them if there is none). */
  readonly firstScreen?: FirstScreenSource;
}

export async function registerStaticApp(
  app: FastifyInstance,
  distDir: string,
  { firstScreen }: StaticAppOptions = {},
) {
  const root = path.resolve(distDir);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (!hasBuild) {
    app.log.warn({ distDir: root }, 'no built app found: serving the API only (run npm run build)');
  } else {
    await app.register(fastifyStatic, {
      root,
      // Our setHeaders decides Cache-Control per file.
      cacheControl: false,
      // The update test (and a real deploy) replaces files under a running server.
      wildcard: true,
      // assets/*.br and *.gz written at build time (scripts/precompress-assets.ts), sent to the
      // browsers that accept them; @fastify/compress leaves an encoded reply alone.
      preCompressed: true,
      // `/` is a page like any other: the fallback below sends it with its preload hints.
      index: false,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        const relativePath = path.relative(root, filePath);
        reply.header('cache-control', cacheControlFor(relativePath));
        // helmet set these for every response before the file was found.
        if (isScriptOrStyleAsset(relativePath)) {
          for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
        }
      },
    });
  }

  const shell = shellReader(root);

  /** The first screen's markup for `screen`, or null (none, too slow, or failed). */
  const firstScreenMarkup = async (
    screen: FirstScreenPage | null,
    classMap: CssModuleMap | null,
    signedIn: SignedInListing | null,
  ): Promise<string | null> => {
    if (!screen || !classMap) return null;
    // The home page says the same without its new jobs and top companies (the app adds them).
    if (!firstScreen) return screen.page === 'home' ? renderFirstScreen(classMap, screen) : null;
    let timer: NodeJS.Timeout | undefined;
    const tooSlow = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), FIRST_SCREEN_WAIT_MS);
    });
    const load = async () => {
      if (screen.page === 'home') {
        return renderFirstScreen(classMap, {
          page: 'home',
          highlights: await firstScreen.highlights(),
        });
      }
      if (screen.page === 'listing' && signedIn) {
        const { jobTitle, coreSkills, YOE } = signedIn.query;
        const defaults = { jobTitle, coreSkills, YOE };
        const suggested = Object.values(defaults).some((value) => value !== undefined)
          ? defaults
          : null;
        const jobs = await firstScreen.listing(signedIn.query);
        return renderFirstScreen(classMap, { page: 'listing', jobs, reader: { suggested } });
      }
      if (screen.page === 'listing') {
        return renderFirstScreen(classMap, { page: 'listing', jobs: await firstScreen.listing() });
      }
      const job = await firstScreen.job(screen.id);
      // An unknown job: the app shows its own "no longer available" page.
      return job ? renderFirstScreen(classMap, { page: 'job', job }) : null;
    };
    // Without its data the home page still comes, without the highlights.
    const fallback = () => (screen.page === 'home' ? renderFirstScreen(classMap, screen) : null);
    try {
      return (await Promise.race([load(), tooSlow])) ?? fallback();
    } catch (error) {
      app.log.warn({ err: error }, 'first screen not rendered');
      return fallback();
    } finally {
      clearTimeout(timer);
    }
  };

  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const { html, preloads, classMap, styleText, startScript } = shell();
    const [pathname = '/', search = ''] = request.url.split(/\?(.*)/s);
    // The page's first API answer, named in the shell, and the page's first screen in it (issue
    // 24). A signed-in listing starts from the profile's default filters: its first request is
    // the one the app keeps in a cookie (signed-in-listing.ts); other signed-in pages get neither.
    const signedIn = hasSignedInCookie(request.headers.cookie);
    const screen = firstScreenPage(pathname, search);
    const listing =
      signedIn && screen?.page === 'listing' ? signedInListing(request.headers.cookie) : null;
    const data = signedIn ? (listing?.url ?? null) : firstDataUrl(pathname, search);
    const markup = !signedIn || listing ? await firstScreenMarkup(screen, classMap, listing) : null;
    const hinted = withPreloads(html, preloadsFor(preloads, pathname), data, markup !== null);
    const page = withFirstScreen(
      markup === null ? hinted : withInlineStyles(hinted, styleText),
      markup,
      pathname,
      startScript,
    );
    const etag = `"${createHash('sha1').update(page).digest('base64url')}"`;
    void reply.header('cache-control', 'no-cache').header('vary', 'cookie').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(page);
  };
  if (hasBuild) app.get('/', sendShell);

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      hasBuild &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !/\/[^/?]+\.[a-z0-9]+(\?|$)/i.test(request.url) &&
      wantsHtml(request);
    if (isPageRequest) return sendShell(request, reply);
    return reply
      .code(404)
      .send({ errorMsg: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
