/**
 * "Loading people…" while a screen's first answer is on its way; offline, where the query waits
 * for the connection and would load forever, a line that says so (the admin console, a company's
 * users, any screen first opened offline).
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, onlineManager, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { QueryLoading } from '@/lib/ui/query-loading';

function People({ answer, cards }: { answer: () => Promise<string[]>; cards?: number[] }) {
  const people = useQuery({ queryKey: ['people'], queryFn: answer });
  if (people.data) return <p>{people.data.join(', ')}</p>;
  return (
    <QueryLoading query={people} skeletons={cards}>
      Loading people…
    </QueryLoading>
  );
}

function renderPeople(answer: () => Promise<string[]>, cards?: number[]) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <People answer={answer} cards={cards} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => onlineManager.setOnline(true));

describe('QueryLoading', () => {
  it('says loading while the answer is on its way', () => {
    renderPeople(() => new Promise<string[]>(() => undefined));
    expect(screen.getByText('Loading people…')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('loading-offline')).not.toBeInTheDocument();
  });

  it('says offline, not loading, when the query waits for the connection', async () => {
    onlineManager.setOnline(false);
    renderPeople(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByTestId('loading-offline')).toHaveTextContent(
      "You're offline. This shows when you're back online.",
    );
    expect(screen.queryByText('Loading people…')).not.toBeInTheDocument();
  });

  it("draws the screen's card skeletons while it loads, and the offline line in their place", async () => {
    const loading = renderPeople(() => new Promise<string[]>(() => undefined), [120, 120]);
    const busy = loading.container.querySelector('[aria-busy="true"]');
    expect(busy?.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(2);
    loading.unmount();

    onlineManager.setOnline(false);
    const waiting = renderPeople(() => Promise.reject(new TypeError('Failed to fetch')), [120]);
    expect(await screen.findByTestId('loading-offline')).toBeInTheDocument();
    expect(waiting.container.querySelector('.mantine-Skeleton-root')).toBeNull();
  });
});
