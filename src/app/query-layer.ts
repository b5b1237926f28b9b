/**
 * TanStack Query for the pages that use it: the one QueryClient (query-client.ts), bound to the
 * app's connectivity, with its persisted queries restored before any page reads it. Its own
 * chunk: `/` uses no query, and TanStack Query (~9 KB gzip) is not part of its first load
 * (issue 24); every other page asks for it before it renders (query-root.tsx).
 */
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import type { QueryClient } from '@tanstack/react-query';
import {
  bindQueryOnlineState,
  createPersistOptions,
  createQueryClient,
  writeAtOnce,
} from './query-client';

export async function startQueryLayer(
  storage: Storage = window.localStorage,
): Promise<QueryClient> {
  const queryClient = createQueryClient();
  bindQueryOnlineState();
  // What QueryClientProvider does on mount: refetch on focus and on reconnect, resume mutations.
  queryClient.mount();
  const options = { ...createPersistOptions(storage), queryClient };
  // As PersistQueryClientProvider: restored before any query reads it; a bad or old copy is
  // dropped by the restore itself, and a failure leaves an empty cache, never a broken page.
  await persistQueryClientRestore(options).catch(() => undefined);
  persistQueryClientSubscribe(options);
  // The answers of the last second are written before the page goes (query-client.ts writeAtOnce).
  const saveNow = () =>
    void persistQueryClientSave({ ...options, persister: writeAtOnce(storage) });
  window.addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveNow();
  });
  return queryClient;
}
