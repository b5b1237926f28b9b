/**
 * Edit the candidate's profile (issue 10). A save goes through the outbox as a `profileEdit`
 * action (PATCH /user/{email}/profile with only the changed fields and an Idempotency-Key), so it
 * works offline; the persisted basic details are updated at once, and re-read from the server
 * when the last queued edit has been delivered or refused.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useConnectivity } from '@/lib/api';
import { setSession, useSession, type SessionSummary } from '@/lib/auth';
import {
  discardOutboxAction,
  enqueueAction,
  retryOutboxAction,
  useOutboxActions,
  useOutboxEvents,
} from '@/lib/outbox';
import { basicDetailsQuery, type BasicDetails } from '@/lib/profile';
import { toast } from '@/lib/toast';
import {
  applyProfileChanges,
  profileChanges,
  valuesFromDetails,
  type ProfileFormValues,
} from '../profile-values';
import { useProfileForm } from '../use-profile-form';
import { ProfileFields } from './profile-fields';

export interface ProfileFormProps {
  /** Called after a save was accepted (queued, and sent when online). */
  readonly onSaved?: () => void;
}

export const SAVED_OFFLINE = 'Saved — will sync when online';
export const SAVED_ONLINE = 'Saved';

export function ProfileForm({ onSaved }: ProfileFormProps) {
  const session = useSession();
  if (!session) return null; // the route guard sends signed-out visitors to login
  return <ProfileFormLoader session={session} {...(onSaved ? { onSaved } : {})} />;
}

function ProfileFormLoader({ session, onSaved }: ProfileFormProps & { session: SessionSummary }) {
  const details = useQuery(basicDetailsQuery(session.sub));
  if (details.data) {
    return (
      <EditProfile
        key={details.data.userId}
        session={session}
        details={details.data}
        {...(onSaved ? { onSaved } : {})}
      />
    );
  }
  if (details.isError) {
    return (
      <Alert color="red" role="alert" title="Your profile could not be loaded">
        {details.error.message}
      </Alert>
    );
  }
  return (
    <Text c="dimmed" aria-busy="true">
      Loading your profile…
    </Text>
  );
}

function EditProfile({
  session,
  details,
  onSaved,
}: ProfileFormProps & { session: SessionSummary; details: BasicDetails }) {
  const queryClient = useQueryClient();
  const connectivity = useConnectivity();
  const [baseline, setBaseline] = useState<ProfileFormValues>(() =>
    valuesFromDetails(details, session.fullName),
  );
  const form = useProfileForm(baseline);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Issue 26 item 6: a refused submit brings the first error into view and focus (it could be
  // ~1,000 px above the button on a phone); bumped per attempt, acted on once errors rendered.
  const [errorAttempt, setErrorAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (errorAttempt === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [errorAttempt]);
  const queryKey = basicDetailsQuery(session.sub).queryKey;

  const edits = useOutboxActions(session.sub).filter((a) => a.kind === 'profileEdit');
  const failed = edits.find((a) => a.state === 'failed');

  useOutboxEvents((event) => {
    if (event.type !== 'changed' || event.kind !== 'profileEdit') return;
    if (event.state !== 'done' && event.state !== 'failed' && event.state !== 'discarded') return;
    // Re-read the server's view once nothing else is queued (an earlier edit's answer would
    // otherwise hide a later one still waiting); a refused edit also undoes its optimistic view.
    const others = edits.filter((a) => a.seq !== event.seq && a.state !== 'failed');
    if (others.length === 0) void queryClient.invalidateQueries({ queryKey });
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!form.check()) {
      setErrorAttempt((n) => n + 1);
      return;
    }
    const changes = profileChanges(baseline, form.values);
    if (Object.keys(changes).length === 0) {
      setNotice('Nothing to save: no changes.');
      return;
    }
    setBusy(true);
    void enqueueAction({
      kind: 'profileEdit',
      userId: session.sub,
      subject: 'profile',
      payload: { email: details.email, ...changes },
    })
      .then(() => {
        queryClient.setQueryData<BasicDetails>(queryKey, (old) =>
          old ? applyProfileChanges(old, changes) : old,
        );
        // The header's avatar and name read the session mirror (spec §2).
        if (changes.fullName !== undefined) setSession({ ...session, fullName: changes.fullName });
        setBaseline(form.values);
        const saved = connectivity === 'online' ? SAVED_ONLINE : SAVED_OFFLINE;
        setNotice(saved);
        // Issue 26 item 6: a save is confirmed where the user is looking, not only beside the
        // button.
        toast.success(saved === SAVED_ONLINE ? 'Profile saved' : saved);
        onSaved?.();
      })
      .catch(() => setNotice('Your changes could not be stored on this device. Try again.'))
      .finally(() => setBusy(false));
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Edit profile">
      <ProfileFields
        values={form.values}
        errors={form.errors}
        onChange={form.onChange}
        onBlur={form.onBlur}
      />
      {failed && (
        <Alert color="red" role="alert" mt="md" title="A profile change was not saved">
          {failed.lastError ?? 'Something went wrong'}
          <Group mt="sm">
            <Button size="xs" variant="light" onClick={() => void retryOutboxAction(failed.seq!)}>
              Retry
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => void discardOutboxAction(failed.seq!)}
            >
              Discard
            </Button>
          </Group>
        </Alert>
      )}
      {!failed && edits.length > 0 && (
        <Text mt="md" size="sm" c="dimmed" data-testid="profile-sync-state">
          Changes waiting to sync.
        </Text>
      )}
      <Group mt="lg" justify="space-between">
        <Text role="status" size="sm">
          {notice}
        </Text>
        <Button type="submit" loading={busy}>
          Save profile
        </Button>
      </Group>
    </form>
  );
}
