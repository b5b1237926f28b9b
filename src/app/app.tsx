import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { watchFirstScreen } from '@/lib/first-screen-shown';
import { bindQueryOnlineState, createPersistOptions, createQueryClient } from './query-client';
import { createAppRouter } from './router';

export function App() {
  const [{ queryClient, router, persistOptions }] = useState(() => {
    const queryClient = createQueryClient();
    bindQueryOnlineState();
    const router = createAppRouter(queryClient);
    watchFirstScreen(router, queryClient);
    return {
      queryClient,
      router,
      persistOptions: createPersistOptions(window.localStorage),
    };
  });
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <RouterProvider router={router} />
    </PersistQueryClientProvider>
  );
}
