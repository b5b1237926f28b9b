/**
 * What the app tells its service worker about the guarded pages (issue 24): the routes of
 * src/domain/route-access.ts the signed-in user may open, so the worker keeps the code of the
 * corporate, admin and evaluator screens offline for the users who have them, and for no one
 * else (scripts/guarded-precache.ts, sw/parallel-precache.ts).
 *
 * `paths` absent: nothing changed; the worker answers on the message's port once what it was
 * asked before is in its cache (the browser journeys wait on it before going offline).
 */
export const GUARDED_PAGES_MESSAGE = 'KEEP_GUARDED_PAGES';

export interface GuardedPagesMessage {
  readonly type: typeof GUARDED_PAGES_MESSAGE;
  readonly paths?: readonly string[];
}

/** The answer on the message's port: of the files those pages need, how many are cached. */
export interface GuardedPagesReply {
  readonly cached: number;
  readonly wanted: number;
}

/** Where the worker remembers the paths, so an update's install keeps those pages too. */
export const GUARDED_PAGES_CACHE = 'rh-guarded-pages-v1';
export const GUARDED_PAGES_KEY = '/__rh/guarded-pages';
