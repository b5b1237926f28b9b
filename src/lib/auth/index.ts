/**
 * Identity for the app. Light parts (the session mirror and its hook) load with the shell; the
 * Amplify-backed actions, the route guard and the periodic auth check load on demand.
 */
export {
  getSession,
  sessionSubAtStart,
  setSession,
  subscribeSession,
  type SessionSummary,
} from './session-store';
export { useSession } from './use-session';

export function loadAuthActions() {
  return import('./amplify-session');
}

/** The signed-in user's passkeys (issue 27): Amplify's WebAuthn calls, on demand. */
export function loadPasskeyActions() {
  return import('./amplify-passkeys');
}

/** Remembered devices (issue 27): remember this one, list, forget. */
export function loadDeviceActions() {
  return import('./amplify-devices');
}

export function loadRouteGuard() {
  return import('./route-guard');
}

export function loadSessionWatch() {
  return import('./session-watch');
}
