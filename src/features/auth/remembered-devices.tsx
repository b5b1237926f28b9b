import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { loadDeviceActions } from '@/lib/auth';
import { toast } from '@/lib/toast';

const DEVICES_KEY = ['identity', 'remembered-devices'] as const;
const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The account's remembered devices (issue 27): devices where the person chose "don't ask for a
 * code on this device again". Forgetting one makes its next sign-in ask for the code.
 */
export function RememberedDevices() {
  const queryClient = useQueryClient();
  const listing = useQuery({
    queryKey: DEVICES_KEY,
    queryFn: async () => {
      const { listRememberedDevices } = await loadDeviceActions();
      return listRememberedDevices();
    },
    retry: false,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const forget = async (id: string, name: string) => {
    setError(null);
    setBusy(id);
    try {
      const { forgetRememberedDevice } = await loadDeviceActions();
      await forgetRememberedDevice(id);
      toast.success(`${name} forgotten. It will ask for a code at the next sign-in.`);
      await queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
    } catch {
      setError('That device could not be forgotten. Check your connection and try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Remembered devices
      </Title>
      <Text size="sm" c="dimmed">
        These devices don’t ask for a sign-in code. Tick “Don’t ask for a code on this device again”
        when you enter a code to add one.
      </Text>
      {(error ?? listing.isError) && (
        <Alert color="red" role="alert">
          {error ?? 'Your remembered devices could not be loaded. Try again later.'}
        </Alert>
      )}
      {listing.isPending ? (
        <Loader size="sm" aria-label="Loading remembered devices" />
      ) : (listing.data ?? []).length === 0 ? (
        <Text size="sm">No remembered devices.</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {(listing.data ?? []).map((device) => (
            <Paper component="li" withBorder p="sm" radius="sm" key={device.id}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600}>{device.name}</Text>
                  {device.lastUsed && (
                    <Text size="xs" c="dimmed">
                      Last used {DATE.format(device.lastUsed)}
                    </Text>
                  )}
                </div>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  loading={busy === device.id}
                  disabled={busy !== null}
                  onClick={() => void forget(device.id, device.name)}
                  aria-label={`Forget ${device.name}`}
                >
                  Forget this device
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
