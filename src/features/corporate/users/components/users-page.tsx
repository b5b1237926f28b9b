/**
 * The company's users (issue 20 item 3, corporate admins only, spec §6 manage_users): invite a
 * recruiter or admin by email, change a role, deactivate or reactivate. Each change waits for the
 * server's answer and shows its words on refusal.
 */
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CompanyUser, CorporateRole } from '@/domain/contract/corporate-users';
import { userErrorText } from '@/lib/api';
import type { SessionSummary } from '@/lib/auth';
import { changeUser, companyUsersQuery, inviteUser } from '../users-api';
import { QueryLoading } from '@/lib/ui/query-loading';

const ROLE_OPTIONS = [
  { value: 'corporate-recruiter', label: 'Recruiter' },
  { value: 'corporate-admin', label: 'Admin' },
];

export function UsersPage({ session }: { session: SessionSummary }) {
  const queryClient = useQueryClient();
  const query = companyUsersQuery(session.sub);
  const users = useQuery(query);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CorporateRole>('corporate-recruiter');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function run(work: () => Promise<unknown>, done: string) {
    setMessage(null);
    try {
      await work();
      setMessage({ ok: true, text: done });
      await queryClient.invalidateQueries({ queryKey: query.queryKey });
    } catch (e) {
      setMessage({ ok: false, text: userErrorText(e) });
    }
  }

  return (
    <Container size="sm" px="md" py="lg" data-testid="corporate-users-page">
      <Stack gap="md">
        <Title order={1} size="h2">
          Company users
        </Title>
        <Stack gap="xs" component="form" onSubmit={(e) => e.preventDefault()}>
          <Title order={2} size="h4">
            Invite someone
          </Title>
          <TextInput
            label="Work email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <NativeSelect
            label="Role"
            value={role}
            onChange={(e) => setRole(e.currentTarget.value as CorporateRole)}
            data={ROLE_OPTIONS}
          />
          <Button
            type="submit"
            disabled={!email.trim()}
            onClick={() =>
              void run(async () => {
                await inviteUser(email.trim(), role);
                setEmail('');
              }, `Invite sent to ${email.trim()}.`)
            }
            style={{ alignSelf: 'flex-start' }}
          >
            Send invite
          </Button>
        </Stack>
        {message && (
          <Text c={message.ok ? 'green.8' : 'red.8'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Text>
        )}
        {users.isError && !users.data && <Text role="alert">{userErrorText(users.error)}</Text>}
        {users.isPending && (
          <QueryLoading query={users}>Loading your company&apos;s users…</QueryLoading>
        )}
        {users.data && (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {users.data.users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                onChange={(change, done) => void run(() => changeUser(user.id, change), done)}
              />
            ))}
            {users.data.invites.map((invite) => (
              <Card key={invite.id} withBorder padding="sm" component="li">
                <Group justify="space-between" wrap="wrap">
                  <Text style={{ overflowWrap: 'anywhere' }}>{invite.email}</Text>
                  <Badge color={invite.expired ? 'red' : 'yellow'} variant="light">
                    {invite.expired ? 'Invite expired' : 'Invited'}
                  </Badge>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function UserRow({
  user,
  onChange,
}: {
  user: CompanyUser;
  onChange: (change: { role?: CorporateRole; active?: boolean }, done: string) => void;
}) {
  return (
    <Card withBorder padding="sm" component="li" data-testid="company-user">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {user.name}
              {user.isYou ? ' (you)' : ''}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </div>
          {!user.active && (
            <Badge color="gray" variant="filled">
              Deactivated
            </Badge>
          )}
        </Group>
        {!user.isYou && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              label="Role"
              value={user.role}
              onChange={(e) =>
                onChange(
                  { role: e.currentTarget.value as CorporateRole },
                  `${user.name}'s role was changed.`,
                )
              }
              data={ROLE_OPTIONS}
            />
            <Button
              variant={user.active ? 'default' : 'light'}
              color={user.active ? 'red' : undefined}
              onClick={() =>
                onChange(
                  { active: !user.active },
                  user.active ? `${user.name} was deactivated.` : `${user.name} was reactivated.`,
                )
              }
            >
              {user.active ? 'Deactivate' : 'Reactivate'}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
