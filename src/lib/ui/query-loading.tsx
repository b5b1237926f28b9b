import { Text } from '@mantine/core';
import type { FetchStatus } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The line a screen shows while its first answer is on its way ("Loading people…"). Offline the
 * query is paused until the connection is back (networkMode offlineFirst, app/query-client.ts),
 * and a "Loading…" that never ends says nothing: it says offline instead. What meets it: a
 * screen whose connection went while its first answer was on its way, above all those that keep
 * no copy on the device (the admin console, a company's users: online only by decision).
 */
export function QueryLoading({
  query,
  children,
}: {
  query: { readonly fetchStatus: FetchStatus };
  children: ReactNode;
}) {
  if (query.fetchStatus === 'paused') {
    return (
      <Text c="dimmed" data-testid="loading-offline">
        You&apos;re offline. This shows when you&apos;re back online.
      </Text>
    );
  }
  return <Text aria-busy="true">{children}</Text>;
}
