import { Alert, Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, useConnectivity } from '@/lib/api';
import { setSession, type SessionSummary } from '@/lib/auth';
import { basicDetailsQuery } from '@/lib/profile';
import { createProfile } from '../api/create-profile';
import { profileBody, valuesFromDetails } from '../profile-values';
import { useProfileForm } from '../use-profile-form';
import { ProfileFields } from './profile-fields';

export const CREATE_OFFLINE =
  'You are offline. Creating your profile needs a connection: your details stay here, save them when you are back online.';

/**
 * The first profile of a new sign-up (/post-signup-form): sent straight to the server, never
 * queued (api/create-profile.ts says why). Name and email come from the sign-in.
 */
export function CreateProfileForm({
  session,
  onCreated,
}: {
  session: SessionSummary;
  onCreated: () => void;
}) {
  const queryClient = useQueryClient();
  const connectivity = useConnectivity();
  const form = useProfileForm(valuesFromDetails(undefined, session.fullName));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const offline = connectivity === 'offline';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.check()) return;
    if (offline) return setError(CREATE_OFFLINE);
    setBusy(true);
    createProfile({ ...profileBody(form.values), email: session.email })
      .then((details) => {
        queryClient.setQueryData(basicDetailsQuery(session.sub).queryKey, details);
        // The header reads the session mirror (spec §2); the server starts a profile on CAND.
        setSession({ ...session, fullName: details.fullName, lastAccessedDash: 'CAND' });
        onCreated();
      })
      .catch((caught: unknown) => {
        if (caught instanceof ApiError && caught.status === 409) {
          // Made meanwhile (another tab or device): load it; the page then shows the edit form.
          void queryClient.invalidateQueries({ queryKey: basicDetailsQuery(session.sub).queryKey });
          return;
        }
        setError(
          caught instanceof ApiError && caught.network
            ? CREATE_OFFLINE
            : caught instanceof Error
              ? caught.message
              : 'Something went wrong',
        );
      })
      .finally(() => setBusy(false));
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create your profile">
      <ProfileFields
        values={form.values}
        errors={form.errors}
        onChange={form.onChange}
        onBlur={form.onBlur}
      />
      {(error ?? offline) && (
        <Alert color={error ? 'red' : 'yellow'} role="alert" mt="md">
          {error ?? CREATE_OFFLINE}
        </Alert>
      )}
      <Group mt="lg" justify="flex-end">
        <Button type="submit" loading={busy}>
          Save and continue
        </Button>
      </Group>
    </form>
  );
}
