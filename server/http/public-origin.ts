/**
 * The origin put in front of the URLs the server hands out (signed upload and download links,
 * sign-in return URLs): PUBLIC_ORIGIN when set; otherwise none, so the link is a root-relative
 * path that the browser resolves against the page it is on. Never the request's Host header: any
 * client can send any Host, and a link or a sign-in redirect built from it would point wherever the
 * client chose (issue 23 item 8).
 *
 * Root-relative rather than the listening address: a local run is opened as localhost,
 * 127.0.0.1 or the machine's LAN address (a phone on the same Wi-Fi), and a link naming any one
 * of them is cross-origin for the others (the CV upload then fails). The identity provider checks
 * the return URL the app resolves against its list of registered ones.
 */
export function linkOrigin(configured: string): string {
  return configured.replace(/\/$/, '');
}
