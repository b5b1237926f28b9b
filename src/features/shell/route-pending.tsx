/**
 * What the page area shows while a route's own code is still downloading on the first load
 * (router.tsx): the header is painted at once instead of with the route, and this keeps the
 * footer below the first screen so nothing jumps when the page arrives (issue 24).
 */
export function RoutePending() {
  return <div className="fills-screen" aria-busy="true" />;
}
