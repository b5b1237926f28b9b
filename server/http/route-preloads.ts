/**
 * Preload hints for the page a browser asks for (issue 24: a first visit on a slow network).
 *
 * Every route's component is a lazy chunk (the router's automatic code splitting). Without a
 * hint the browser learns of it only after the entry script has downloaded and run: on slow 3G
 * that is a second round of downloads starting ~4 s in, and the page's API calls a third. The
 * server knows the path before the browser does, so the shell it sends for `/jobs` already
 * names the listing's chunks (`<link rel="modulepreload">`) and styles (`<link rel="preload"
 * as="style">`), and the browser fetches them alongside the entry.
 *
 * The hints come from Vite's build manifest (`.vite/manifest.json`): a route file
 * `src/routes/jobs/$companyName/$jobId.tsx` split as `?tsr-split=component` gives the pattern
 * `/jobs/:companyName/:jobId` and the chunk plus its static imports, less what the entry already
 * loads. Layout routes (`route.tsx`) match their whole subtree. A path no route matches gets the
 * shell unchanged. The app served from a CDN without this server loads as before, just later.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  APP_ENTRY_ID,
  ROUTE_CHUNK_LINK,
  START_AFTER_PAINT_SOURCE,
} from '../../src/domain/app-entry';
import { dataHintLink, htmlAttribute } from '../../src/domain/page-data';
import { PAGE_TONES, readsQueries, titleFor, toneFor } from '../../src/domain/page-meta';
import { escapeAttribute } from '../jobs/sanitize-html';
import { CSS_MODULE_MAP_FILE } from '../../scripts/css-module-map';
import { staticImportClosure } from '../../scripts/static-imports';
import type { CssModuleMap } from './first-screen';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RoutePreload {
  /** The route file, for tests and logs: `jobs/$companyName/$jobId`. */
  route: string;
  pattern: RegExp;
  /** Literal segments: between two leaf routes that match, the more literal one wins. */
  literals: number;
  /** Layout routes (`route.tsx`) apply to their subtree as well as to the leaf that matches. */
  layout: boolean;
  scripts: string[];
  styles: string[];
  /** The query client's chunks (QUERY_LAYER) beyond the route's own, for a page that reads queries. */
  queryScripts: string[];
}

const SPLIT_COMPONENT = /^src\/routes\/(.+)\.tsx?\?tsr-split=component$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `jobs/$companyName/$jobId` → a pattern over URL paths, or null for files that are no route. */
export function routePattern(
  routeFile: string,
): Pick<RoutePreload, 'pattern' | 'literals' | 'layout'> | null {
  const segments = routeFile.split('/');
  const last = segments.at(-1);
  if (last === '__root' || segments.some((segment) => segment.startsWith('-'))) return null;
  const layout = last === 'route';
  if (last === 'index' || layout) segments.pop();
  const parts: string[] = [];
  let literals = 0;
  for (const [index, segment] of segments.entries()) {
    // Pathless layouts (`_auth`) and groups (`(admin)`) add nothing to the URL.
    if (segment.startsWith('_') || /^\(.*\)$/.test(segment)) continue;
    if (segment === '$') {
      if (index !== segments.length - 1) return null;
      parts.push('.+');
    } else if (segment.startsWith('$')) {
      parts.push('[^/]+');
    } else {
      parts.push(escapeRegExp(segment));
      literals += 1;
    }
  }
  const body = parts.map((part) => `/${part}`).join('');
  const pattern = layout ? `^${body}(?:/.*)?$` : `^${body}/?$`;
  return { pattern: new RegExp(pattern === '^/?$' ? '^/$' : pattern), literals, layout };
}

/**
 * The module that makes TanStack Query's client (src/app/query-layer.ts): loaded by the app on
 * the first page that reads a query, which is every page but those `readsQueries` names
 * (src/domain/page-meta.ts, as the app's root layout). Named with the page's own chunks, or it
 * would download only after the entry has run.
 */
const QUERY_LAYER = 'src/app/query-layer.ts';

/** Every route's chunks beyond the entry's, from the build manifest. */
export function routePreloadsOf(manifest: Manifest): RoutePreload[] {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loadedByEntry = staticImportClosure(manifest, entryKeys);
  const entryStyles = new Set([...loadedByEntry].flatMap((key) => manifest[key]?.css ?? []));

  const preloads: RoutePreload[] = [];
  for (const key of Object.keys(manifest)) {
    const route = SPLIT_COMPONENT.exec(key)?.[1];
    const matcher = route ? routePattern(route) : null;
    if (!route || !matcher) continue;
    const own = staticImportClosure(manifest, [key]);
    const chunks = [...own]
      .filter((dependency) => !loadedByEntry.has(dependency))
      .map((dependency) => manifest[dependency]!);
    const queryChunks = [
      ...staticImportClosure(manifest, manifest[QUERY_LAYER] ? [QUERY_LAYER] : []),
    ]
      .filter((dependency) => !loadedByEntry.has(dependency) && !own.has(dependency))
      .map((dependency) => manifest[dependency]!);
    preloads.push({
      route,
      ...matcher,
      scripts: chunks.map((dependency) => dependency.file),
      queryScripts: queryChunks.map((dependency) => dependency.file),
      styles: [...new Set(chunks.flatMap((dependency) => dependency.css ?? []))].filter(
        (style) => !entryStyles.has(style),
      ),
    });
  }
  return preloads;
}

/** The hints for one path: the layouts that wrap it and the most literal leaf route. */
export function preloadsFor(preloads: readonly RoutePreload[], pathname: string) {
  const matching = preloads.filter((preload) => preload.pattern.test(pathname));
  const leaf = matching
    .filter((preload) => !preload.layout)
    .sort((a, b) => b.literals - a.literals)[0];
  const chosen = [...matching.filter((preload) => preload.layout), ...(leaf ? [leaf] : [])];
  const withQueries = readsQueries(pathname);
  return {
    scripts: [
      ...new Set(
        chosen.flatMap((preload) =>
          withQueries ? [...preload.scripts, ...preload.queryScripts] : preload.scripts,
        ),
      ),
    ],
    styles: [...new Set(chosen.flatMap((preload) => preload.styles))],
  };
}

/**
 * The shell with the hints for `pathname` just before `</head>`. `data`: the API answer the page
 * asks for first (src/domain/page-data.ts), preloaded as a same-origin fetch; the app's `fetch()`
 * for that URL takes it (Chromium matches it though the app's request adds headers).
 * `applyStyles`: the page's first screen is in the HTML (first-screen.ts) and needs the route's
 * stylesheets now, so they are linked as stylesheets rather than preloaded (the app's loader
 * then finds them in place and does not add them again).
 */
export function withPreloads(
  html: string,
  hints: ReturnType<typeof preloadsFor>,
  data: string | null = null,
  applyStyles = false,
): string {
  if (hints.scripts.length === 0 && hints.styles.length === 0 && !data) return html;
  const links = [
    // crossorigin on all: Vite's loader adds the route's stylesheets with crossOrigin = '', and
    // a preload whose credentials mode differs is not used (the file downloads twice); fetch()
    // is a CORS-mode request.
    ...hints.styles.map((file) =>
      applyStyles
        ? `<link rel="stylesheet" crossorigin href="/${htmlAttribute(file)}">`
        : `<link rel="preload" as="style" crossorigin href="/${htmlAttribute(file)}">`,
    ),
    ...(data ? [dataHintLink(data)] : []),
    ...hints.scripts.map((file) => `<link ${ROUTE_CHUNK_LINK} href="/${htmlAttribute(file)}">`),
  ].join('');
  return html.replace('</head>', `${links}</head>`);
}

/**
 * The shell with the page's first screen (first-screen.ts) before the app's root, and what the
 * app's root layout would set for `pathname` (use-document-meta.ts): the title and the page's
 * background tone, so the page does not change colour when the app takes over.
 *
 * `startScript`: the build's src/start-after-paint.ts. Given, the app's entry is named in a
 * modulepreload link (downloaded as before) and started by that script once the first screen is
 * painted: run straight after the HTML, its evaluation held the first paint back whenever the
 * scripts were at hand (a return visit from the service worker's cache, sw/page-cache.ts).
 */
export function withFirstScreen(
  html: string,
  markup: string | null,
  pathname: string,
  startScript: string | null = null,
): string {
  if (!markup || !html.includes(ROOT_ELEMENT)) return html;
  const tone = toneFor(pathname);
  const started = startScript
    ? html.replace(
        ENTRY_SCRIPT,
        (_, entry: string) =>
          `<link rel="modulepreload" crossorigin id="${APP_ENTRY_ID}" href="${entry}">` +
          `<script type="module" crossorigin src="/${htmlAttribute(startScript)}"></script>`,
      )
    : html;
  return started
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(titleFor(pathname))}</title>`)
    .replace(
      '<body>',
      () => `<body data-page-tone="${tone}" style="background-color:${PAGE_TONES[tone]}">`,
    )
    .replace(ROOT_ELEMENT, () => `${markup}${ROOT_ELEMENT}`);
}

const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;

const NOT_INLINED = /<\/style|@import|url\(\s*['"]?(?!data:|\/|https?:)/i;
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The shell with its stylesheets written into it, for a page whose first screen is in the HTML
 * (issue 24): the first screen paints as soon as the HTML is in, instead of after a round trip
 * for each stylesheet, which on slow 3G shares the connection with ~100 KB of scripts (~0.8 s).
 * Each link stays, `disabled` (a disabled stylesheet link is not fetched), so Vite's loader finds
 * the route's styles in place and does not fetch them again. A stylesheet that cannot be read,
 * whose text would end the `<style>` element, or with a relative `url()` or an `@import` (they
 * would resolve against the page, not `/assets/`) keeps its plain link.
 */
export function withInlineStyles(html: string, styleText: (file: string) => string | null) {
  return html.replace(STYLESHEET_LINK, (link, file: string) => {
    const css = styleText(file);
    if (css === null || NOT_INLINED.test(css)) return link;
    return `<style>${css}</style>${link.replace('>', ' disabled>')}`;
  });
}

/** A build's stylesheets by file (`assets/…css`), read once; null for one that is not there. */
function styleReader(root: string) {
  const texts = new Map<string, string | null>();
  return (file: string) => {
    if (!texts.has(file)) {
      try {
        texts.set(file, readFileSync(path.join(root, file), 'utf8'));
      } catch {
        texts.set(file, null);
      }
    }
    return texts.get(file) ?? null;
  };
}

/**
 * The shell and the route table of a build folder, read again when index.html changes (a deploy
 * replaces the files under a running server).
 */
export function shellReader(root: string) {
  let cached:
    | {
        html: string;
        preloads: RoutePreload[];
        classMap: CssModuleMap | null;
        styleText: (file: string) => string | null;
        /** The build's start-after-paint script (`assets/…js`), or null in an older build. */
        startScript: string | null;
      }
    | undefined;
  let cachedFrom = '';
  const readJson = <T>(file: string): T | null => {
    try {
      return JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;
    } catch {
      // Not there (an older or hand-made build): the shell goes out without what it gives.
      return null;
    }
  };
  return () => {
    const html = readFileSync(path.join(root, 'index.html'), 'utf8');
    if (!cached || cachedFrom !== html) {
      const manifest = readJson<Manifest>(path.join('.vite', 'manifest.json'));
      cached = {
        html,
        preloads: manifest ? routePreloadsOf(manifest) : [],
        classMap: readJson<CssModuleMap>(CSS_MODULE_MAP_FILE),
        styleText: styleReader(root),
        startScript: manifest?.[START_AFTER_PAINT_SOURCE]?.file ?? null,
      };
      cachedFrom = html;
    }
    return cached;
  };
}
