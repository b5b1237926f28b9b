/**
 * The frame of one record opened from an admin list (a user, a referral request): the way back
 * to the list, the query's failure in words, "Loading…" until the first answer, then the record.
 */
import { Alert, Anchor, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { userErrorText } from '@/lib/api';
import { QueryLoading } from '@/lib/ui/query-loading';

export interface DetailFrameProps<T> {
  readonly query: UseQueryResult<T>;
  /** e.g. "Back to the results" */
  readonly back: string;
  readonly onBack: () => void;
  readonly testId: string;
  readonly children: (data: T) => ReactNode;
}

export function DetailFrame<T>({ query, back, onBack, testId, children }: DetailFrameProps<T>) {
  const data = query.data;
  return (
    <Stack gap="md" data-testid={testId}>
      <Anchor component="button" type="button" onClick={onBack} size="sm" ta="left">
        ← {back}
      </Anchor>
      {query.isError && (
        <Alert color="red" role="alert">
          {userErrorText(query.error)}
        </Alert>
      )}
      {data === undefined && query.isPending && <QueryLoading query={query}>Loading…</QueryLoading>}
      {data !== undefined && children(data)}
    </Stack>
  );
}
