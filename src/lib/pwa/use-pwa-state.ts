import { useSyncExternalStore } from 'react';
import { getPwaState, subscribePwaState, type PwaState } from './service-worker-registration';

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribePwaState, getPwaState, getPwaState);
}
