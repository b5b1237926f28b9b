/**
 * /v1/admin/audit (issue 21 item 5): what admins and evaluators did, newest first, with who,
 * when, the subject, its state before and after, and the reason; filtered by subject, paged with
 * "Show older".
 */
import {
  Alert,
  Button,
  Card,
  Code,
  Container,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AuditSubjectTypes,
  type AuditEntry,
  type AuditSubjectType,
} from '@/domain/contract/admin-audit';
import { userErrorText } from '@/lib/api';
import { AdminNav } from '../admin-nav';
import { auditQuery, type AuditFilters } from '../api/audit';
import { QueryLoading } from '@/lib/ui/query-loading';

const SUBJECT_OPTIONS = [
  { value: '', label: 'Everything' },
  ...AuditSubjectTypes.map((type) => ({
    value: type,
    label: type.charAt(0).toUpperCase() + type.slice(1),
  })),
];

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** `{"status":"PUBLISHED"}` → `status: PUBLISHED`; anything else as compact JSON. */
function stateText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, v]) => `${key}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(', ');
  }
  return JSON.stringify(value);
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <Card withBorder padding="sm" data-testid="audit-entry">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {entry.action}
          </Text>
          <Text size="xs" c="dimmed">
            {when.format(new Date(entry.createdAt))}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.actorName ?? 'Someone'} ({entry.actorRole}) · {entry.subjectType}{' '}
          <Code>{entry.subjectId}</Code>
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {stateText(entry.before)} → {stateText(entry.after)}
        </Text>
        {entry.reason && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Reason: {entry.reason}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function AuditPage() {
  const [subjectType, setSubjectType] = useState('');
  const [subjectText, setSubjectText] = useState('');
  const [subjectId] = useDebouncedValue(subjectText.trim(), 300);
  const filters: AuditFilters = {
    ...(subjectType ? { subjectType: subjectType as AuditSubjectType } : {}),
    ...(subjectId ? { subjectId } : {}),
  };
  const audit = useInfiniteQuery(auditQuery(filters));
  const entries = audit.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Container size="md" px="md" py="lg" data-testid="admin-audit-page">
      <Stack gap="md">
        <AdminNav />
        <Title order={1} size="h2">
          Audit log
        </Title>
        <Group grow gap="xs" align="flex-end">
          <NativeSelect
            label="Subject"
            data={SUBJECT_OPTIONS}
            value={subjectType}
            onChange={(event) => setSubjectType(event.currentTarget.value)}
          />
          <TextInput
            label="Subject id"
            placeholder="e.g. a job id"
            value={subjectText}
            onChange={(event) => setSubjectText(event.currentTarget.value)}
          />
        </Group>
        {audit.isError && (
          <Alert color="red" role="alert">
            {userErrorText(audit.error)}
          </Alert>
        )}
        {audit.isPending && <QueryLoading query={audit}>Loading the log…</QueryLoading>}
        {audit.isSuccess && entries.length === 0 && <Text c="dimmed">Nothing recorded yet.</Text>}
        <Stack gap="xs">
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </Stack>
        {audit.hasNextPage && (
          <Button
            variant="light"
            loading={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            Show older
          </Button>
        )}
      </Stack>
    </Container>
  );
}
