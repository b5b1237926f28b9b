/**
 * The invite link's page (issue 20 item 3): what the invite is for and an Accept button for the
 * invited person, signed in with that address. An expired link shows spec §8's "Invite Expired"
 * dialog (contact the company for a new invite; Back to Home).
 */
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { CorporateUserErrors } from '@/domain/contract/corporate-users';
import { DASHBOARD_PATHS } from '@/domain/roles';
import { ApiError, userErrorText } from '@/lib/api';
import { loadAuthActions, useSession } from '@/lib/auth';
import { LinkButton } from '@/lib/ui/link-button';
import { MessageDialog } from '@/lib/ui/message-dialog';
import { acceptInvite, fetchInvite } from '../users-api';

export function InvitePage({ token }: { token: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const invite = useQuery({
    queryKey: ['corporate-invite', token],
    queryFn: () => fetchInvite(token),
    retry: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const expired =
    invite.error instanceof ApiError &&
    invite.error.status === 410 &&
    userErrorText(invite.error) === CorporateUserErrors.inviteExpired;

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      await acceptInvite(token);
      // The server has put the user in the corporate group: fresh tokens carry it, so the
      // corporate screens' guards open without signing in again.
      const auth = await loadAuthActions();
      if ((await auth.refreshTokens(true)) === 'refreshed') await auth.refreshSessionSummary();
      await navigate({ to: DASHBOARD_PATHS.corporate });
    } catch (e) {
      setError(userErrorText(e));
    } finally {
      setBusy(false);
    }
  }

  if (expired) {
    return (
      <MessageDialog
        title="Invite Expired"
        testId="invite-expired"
        onClose={() => void navigate({ to: '/' })}
        actions={<LinkButton to="/">Back to Home</LinkButton>}
      >
        <p>This invite has expired. Please contact the company for a new invite.</p>
      </MessageDialog>
    );
  }

  return (
    <Container size="xs" px="md" py="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          Company invite
        </Title>
        {invite.isPending && <Text c="dimmed">Checking the invite…</Text>}
        {invite.isError && <Text role="alert">{userErrorText(invite.error)}</Text>}
        {invite.data && (
          <>
            <Text>
              {invite.data.companyName} invites {invite.data.email} to join as{' '}
              {invite.data.role === 'corporate-admin' ? 'an admin' : 'a recruiter'}.
            </Text>
            {session ? (
              <Button onClick={() => void accept()} loading={busy}>
                Accept invite
              </Button>
            ) : (
              <Text>
                <Link to="/auth/login">Sign in</Link> or <Link to="/auth/signup">sign up</Link> with{' '}
                {invite.data.email}, then open this link again.
              </Text>
            )}
            {error && (
              <Text c="red.8" role="alert">
                {error}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
