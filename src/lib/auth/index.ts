/**
 * Identity for the app. Light parts (the session mirror and its hook) load with the shell; the
 * Amplify-backed actions load on demand through `loadAuthActions()`.
 */
export { getSession, setSession, subscribeSession, type SessionSummary } from './session-store';
export { useSession } from './use-session';

export function loadAuthActions() {
  return import('./amplify-session');
}
