/**
 * /v1/admin/users (issue 21 item 2): find people by name, email, role or status and open one to
 * change them; a second tab finds companies to verify. The chosen person's page replaces the
 * results (a phone has room for one), with a way back that keeps the search.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ADMIN_ROLE_FILTERS,
  ROLE_LABELS,
  type AdminUserRow,
  type AdminUsersQueryInput,
} from '@/domain/contract/admin-users';
import { userErrorText } from '@/lib/api';
import { AdminNav } from '../admin-nav';
import { CompaniesPanel } from './companies-panel';
import { UserDetail } from './user-detail';
import { adminUsersQuery } from './users-api';
import { QueryLoading } from '@/lib/ui/query-loading';

const ROLE_OPTIONS = [
  { value: '', label: 'Any role' },
  ...ADMIN_ROLE_FILTERS.map((role) => ({ value: role, label: ROLE_LABELS[role] ?? role })),
];
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];

function UserRowCard({ user, onOpen }: { user: AdminUserRow; onOpen: () => void }) {
  return (
    <Card withBorder padding="sm" data-testid="admin-user-row">
      <UnstyledButton onClick={onOpen} aria-label={`Open ${user.name}`} style={{ width: '100%' }}>
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {user.name}
            </Text>
            {!user.active && (
              <Badge color="red" variant="light">
                Deactivated
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
            {user.companyName ? ` · ${user.companyName}` : ''}
          </Text>
          <Group gap={4}>
            {user.roles.map((role) => (
              <Badge key={role} variant="outline" size="sm">
                {ROLE_LABELS[role] ?? role}
              </Badge>
            ))}
            {user.credits !== null && (
              <Text size="xs" c="dimmed" ml="xs">
                {user.credits} {user.credits === 1 ? 'credit' : 'credits'}
              </Text>
            )}
          </Group>
        </Stack>
      </UnstyledButton>
    </Card>
  );
}

function PeoplePanel() {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [role, setRole] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const query: AdminUsersQueryInput = {
    ...(q ? { q } : {}),
    ...(role ? { role: role as AdminUsersQueryInput['role'] } : {}),
    ...(status ? { status: status as AdminUsersQueryInput['status'] } : {}),
    ...(page > 1 ? { page } : {}),
  };
  const users = useQuery(adminUsersQuery(query));

  if (open) return <UserDetail id={open} onBack={() => setOpen(null)} />;
  const refilter = (change: () => void) => {
    change();
    setPage(1);
  };
  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        label="Search"
        placeholder="Name or email"
        value={text}
        onChange={(event) => refilter(() => setText(event.currentTarget.value))}
      />
      <Group grow gap="xs">
        <NativeSelect
          label="Role"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(event) => refilter(() => setRole(event.currentTarget.value))}
        />
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(event) => refilter(() => setStatus(event.currentTarget.value))}
        />
      </Group>
      {users.isError && !users.data && (
        <Alert color="red" role="alert">
          {userErrorText(users.error)}
        </Alert>
      )}
      {!users.data && users.isPending && <QueryLoading query={users}>Loading people…</QueryLoading>}
      {users.data?.data.length === 0 && <Text c="dimmed">Nobody matches.</Text>}
      <Stack gap="xs">
        {users.data?.data.map((user) => (
          <UserRowCard key={user.id} user={user} onOpen={() => setOpen(user.id)} />
        ))}
      </Stack>
      <Group justify="space-between">
        {page > 1 ? (
          <Button variant="subtle" size="compact-sm" onClick={() => setPage(page - 1)}>
            Previous
          </Button>
        ) : (
          <span />
        )}
        {users.data?.next && (
          <Button variant="subtle" size="compact-sm" onClick={() => setPage(page + 1)}>
            Next
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function UsersPage() {
  const [tab, setTab] = useState<'people' | 'companies'>('people');
  return (
    <Container size="md" px="md" py="lg" data-testid="admin-users-page">
      <Stack gap="md">
        <AdminNav />
        <Title order={1} size="h2">
          Users
        </Title>
        <SegmentedControl
          fullWidth
          size="xs"
          aria-label="People or companies"
          value={tab}
          onChange={(value) => setTab(value)}
          data={[
            { value: 'people', label: 'People' },
            { value: 'companies', label: 'Companies' },
          ]}
        />
        {tab === 'people' ? <PeoplePanel /> : <CompaniesPanel />}
      </Stack>
    </Container>
  );
}
