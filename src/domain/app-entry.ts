/**
 * The link that names the app's entry script in a page whose first screen is in its HTML
 * (server/http/route-preloads.ts withFirstScreen): src/start-after-paint.ts starts the entry it
 * names once that screen is painted. A module of its own, so the start script takes nothing else.
 */
export const APP_ENTRY_ID = 'app-entry';

/** The start script's module in the build manifest (vite.config.ts's second input). */
export const START_AFTER_PAINT_SOURCE = 'src/start-after-paint.ts';

/**
 * The attributes of the links that name a route's chunks for a first visit (written by
 * server/http/route-preloads.ts), which a return visit's page leaves out (sw/page-cache.ts).
 */
export const ROUTE_CHUNK_LINK = 'rel="modulepreload" crossorigin fetchpriority="low"';
