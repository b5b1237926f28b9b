import { Skeleton, Stack, Text } from '@mantine/core';
import type { FetchStatus } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { WAITING_FOR_CONNECTION } from '@/lib/api';

/**
 * What a screen shows while its first answer is on its way: its card skeletons (`skeletons`, one
 * height each) or a line ("Loading people…"). Offline the query waits for the connection
 * (networkMode offlineFirst and the bound connectivity, app/query-client.ts), and a skeleton or a
 * "Loading…" that never ends says nothing: it says offline instead, and the screen fills in by
 * itself when the connection is back. What meets it: a screen opened offline for the first time,
 * or whose connection went while its first answer was on its way; above all those that keep no
 * copy on the device (the admin console, a company's users: online only by decision).
 */
export function QueryLoading({
  query,
  children,
  skeletons,
  placeholder,
}: {
  query: { readonly fetchStatus: FetchStatus };
  /** The line while it loads. */
  children?: ReactNode;
  /** Or the screen's card skeletons, one height each. */
  skeletons?: readonly number[];
  /** Or the screen's own placeholder (a heading and skeletons, a spinner). */
  placeholder?: ReactNode;
}) {
  if (query.fetchStatus === 'paused') {
    return (
      <Text c="dimmed" data-testid="loading-offline">
        {WAITING_FOR_CONNECTION}
      </Text>
    );
  }
  if (placeholder) return placeholder;
  if (skeletons) {
    return (
      <Stack gap="sm" aria-busy="true">
        {skeletons.map((height, index) => (
          <Skeleton key={index} height={height} radius="md" />
        ))}
      </Stack>
    );
  }
  return <Text aria-busy="true">{children}</Text>;
}
