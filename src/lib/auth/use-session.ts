import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type SessionSummary } from './session-store';

export function useSession(): SessionSummary | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
