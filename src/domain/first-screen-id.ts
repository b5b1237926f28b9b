/**
 * The element holding the server's first screen of a page (server/http/first-screen.ts), which the
 * app removes once its own is shown (src/lib/first-screen-handover.ts). A module of its own: the
 * app's entry imports it, and nothing else of the page data.
 */
export const FIRST_SCREEN_ID = 'first-screen';
