import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootErrorBoundary } from '@/app/root-error-boundary';
import { GenericErrorPage, RootLayout } from '@/features/shell';

function Boom({ message }: { message: string }): never {
  throw new Error(message);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('root error boundary (spec §8)', () => {
  it('shows a red banner asking to reload, and a corner button that reveals the message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(
      <RootErrorBoundary>
        <Boom message="Failed to fetch /api/user/basic-details" />
      </RootErrorBoundary>,
    );
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent(/Please reload the page/);
    expect(banner).toHaveStyle({ background: '#c92a2a' });
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    expect(screen.queryByText('Failed to fetch /api/user/basic-details')).not.toBeInTheDocument();
    const details = screen.getByRole('button', { name: 'Show error details' });
    expect(details.parentElement).toHaveStyle({ position: 'fixed' });
    await user.click(details);
    expect(screen.getByRole('note', { name: 'Error message' })).toHaveTextContent(
      'Failed to fetch /api/user/basic-details',
    );
  });

  it('renders its children untouched when nothing fails', () => {
    render(
      <RootErrorBoundary>
        <p>All good</p>
      </RootErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('generic error page (spec §8)', () => {
  it('is what a route shows when its loader fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const rootRoute = createRootRoute({ component: RootLayout, errorComponent: GenericErrorPage });
    const failing = createRoute({
      getParentRoute: () => rootRoute,
      path: '/failing',
      loader: () => {
        throw new Error('Job service unavailable');
      },
      component: () => <p>never shown</p>,
    });
    const router = createRouter({
      routeTree: rootRoute.addChildren([failing]),
      history: createMemoryHistory({ initialEntries: ['/failing'] }),
    });
    await router.load();
    const user = userEvent.setup();
    render(<RouterProvider router={router} />);

    expect(
      await screen.findByRole('heading', { name: 'Oops! Something went wrong.' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'It looks like our platform is facing some issues. Try reloading the page or try again later.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show error details' }));
    expect(screen.getByRole('note', { name: 'Error message' })).toHaveTextContent(
      'Job service unavailable',
    );
  });
});

describe('Mantine on demand', () => {
  it('loads the Mantine provider for a route that asks for it', async () => {
    const { Button } = await import('@mantine/core');
    const rootRoute = createRootRoute({ component: RootLayout });
    const mantinePage = createRoute({
      getParentRoute: () => rootRoute,
      path: '/m',
      staticData: { mantine: true },
      component: () => <Button>Mantine button</Button>,
    });
    const router = createRouter({
      routeTree: rootRoute.addChildren([mantinePage]),
      history: createMemoryHistory({ initialEntries: ['/m'] }),
    });
    await router.load();
    render(<RouterProvider router={router} />);
    const button = await screen.findByRole('button', { name: 'Mantine button' });
    expect(button.className).toContain('mantine-Button-root');
  });
});
