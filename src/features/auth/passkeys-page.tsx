import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { loadPasskeyActions } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { passkeyProblem } from './passkey-errors';
import { RememberedDevices } from './remembered-devices';
import { AuthCard } from './auth-card';

interface Passkey {
  id: string;
  name: string;
  createdAt: Date | null;
}

const PASSKEYS_KEY = ['identity', 'passkeys'] as const;

const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** A sentence for a failed passkey call: spec §8 passkey errors first, then the network. */
function problemText(error: unknown): { kind: 'cancelled' | 'error'; message: string } {
  const passkey = passkeyProblem(error);
  if (passkey) return passkey;
  if (error instanceof Error && /network|fetch/i.test(`${error.name} ${error.message}`)) {
    return { kind: 'error', message: 'You seem to be offline. Connect and try again.' };
  }
  if (error instanceof Error && error.name === 'NotAuthorizedException') {
    return { kind: 'error', message: 'Your session has ended. Sign in again to manage passkeys.' };
  }
  return { kind: 'error', message: 'Something went wrong. Try again.' };
}

/**
 * The account menu's "Passkeys" screen (issue 27): add a passkey for this device (named by the
 * device), see the account's passkeys and remove one; below, the remembered devices. Everything goes through Amplify's WebAuthn
 * calls (`src/lib/auth/amplify-passkeys.ts`).
 */
export function PasskeysPage() {
  const queryClient = useQueryClient();
  // Not persisted (query-client.ts): the list is asked of the identity service each visit.
  const listing = useQuery({
    queryKey: PASSKEYS_KEY,
    queryFn: async (): Promise<Passkey[]> => {
      const { listPasskeys } = await loadPasskeyActions();
      return listPasskeys();
    },
    retry: false,
  });
  const passkeys = listing.data ?? (listing.isError ? [] : null);
  const [failure, setError] = useState<string | null>(null);
  const error = failure ?? (listing.isError ? problemText(listing.error).message : null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });

  const add = async () => {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const { addPasskey } = await loadPasskeyActions();
      await addPasskey();
      toast.success('Passkey added. Next time, sign in with it instead of your password.');
      await refresh();
    } catch (caught) {
      const problem = problemText(caught);
      // A closed prompt is the person's choice (spec §8 "registration canceled"): no error.
      if (problem.kind === 'cancelled') setNotice(problem.message);
      else setError(problem.message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (passkey: Passkey) => {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const { removePasskey } = await loadPasskeyActions();
      await removePasskey(passkey.id);
      setConfirming(null);
      toast.success(`Passkey “${passkey.name}” removed.`);
      await refresh();
    } catch (caught) {
      setError(problemText(caught).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Passkeys"
      subtitle="Sign in with your fingerprint, face or screen lock instead of typing your password. The passkey stays on your device; we never see your fingerprint."
      error={error}
      notice={notice}
      maxWidth={520}
    >
      <Button onClick={() => void add()} loading={busy} w={{ base: '100%', xs: 'auto' }}>
        Add a passkey
      </Button>
      <Title order={2} size="h4">
        Your passkeys
      </Title>
      {passkeys === null ? (
        <Loader size="sm" aria-label="Loading passkeys" />
      ) : passkeys.length === 0 ? (
        <Text size="sm">No passkeys yet.</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {passkeys.map((passkey) => (
            <Paper component="li" withBorder p="sm" radius="sm" key={passkey.id}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600}>{passkey.name}</Text>
                  {passkey.createdAt && (
                    <Text size="xs" c="dimmed">
                      Added {DATE.format(passkey.createdAt)}
                    </Text>
                  )}
                </div>
                {confirming === passkey.id ? (
                  <Group gap="xs">
                    <Button
                      color="red"
                      size="xs"
                      loading={busy}
                      onClick={() => void remove(passkey)}
                      aria-label={`Remove passkey ${passkey.name}`}
                    >
                      Remove
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      disabled={busy}
                      onClick={() => setConfirming(null)}
                    >
                      Keep
                    </Button>
                  </Group>
                ) : (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    disabled={busy}
                    onClick={() => setConfirming(passkey.id)}
                    aria-label={`Remove ${passkey.name}`}
                  >
                    Remove…
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <RememberedDevices />
    </AuthCard>
  );
}
