import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';

/** Renders the real app router (real route tree, shell and pages) at `path`. */
export async function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, ...view };
}
