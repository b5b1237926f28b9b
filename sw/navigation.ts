/**
 * Which navigations must NOT get the cached app shell: the API hosts and object storage (a
 * request there must reach the network or fail honestly, never receive an HTML page), the
 * hosted-OAuth return point (it needs the network to finish signing in), and anything that
 * looks like a file (a missing /logo.png is a 404, not the app).
 */
export const navigationDenylist: RegExp[] = [
  // _dev: the server's local pages (the payment test checkout of issue 18, the dev mailbox).
  /^\/(api|jobs-api|storage|_dev)(\/|$)/,
  /^\/auth\/checkRedirection(\/|$)/,
  /\/[^/]+\.[a-z0-9]+$/i,
];

export function isNavigationFallbackExcluded(pathname: string): boolean {
  return navigationDenylist.some((pattern) => pattern.test(pathname));
}
