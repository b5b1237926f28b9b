/**
 * `/post-signup-form` (spec §2, §4 "Update Profile"): the basic fields after sign-up. A new user
 * (basic details answer 404) creates the profile online; a user who has one edits it with the
 * ProfileForm (offline too) and can upload the CV. `onDone` says where to go next; the route decides (the pending
 * referral continuation, else the candidate profile).
 */
import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ResumeUpdateButton } from '@/features/apply';
import { useSession } from '@/lib/auth';
import { basicDetailsQuery, isMissingProfile } from '@/lib/profile';
import { CreateProfileForm } from './create-profile-form';
import { ProfileForm } from './profile-form';

/** Plain words, never the technical error (issue 26 items 1 and 4). */
export const PROFILE_LOAD_FAILED =
  'Check your connection and reload the page. Your details are safe.';

export function PostSignupPage({ onDone }: { onDone: () => void }) {
  const session = useSession();
  const details = useQuery({
    ...basicDetailsQuery(session?.sub ?? ''),
    enabled: Boolean(session),
  });
  if (!session) return null; // the route guard sends signed-out visitors to login

  let body: ReactNode;
  if (details.data) {
    // issue 10: the page collects the CV too; it can only be uploaded once the profile exists.
    body = (
      <Stack gap="xl">
        <Stack gap="xs" align="flex-start">
          <Title order={2} size="h4">
            Your CV
          </Title>
          <Text size="sm" c="dimmed">
            {details.data.CV
              ? `Current CV: ${details.data.CV}`
              : 'Upload a PDF CV to get match scores and referrals.'}
          </Text>
          <ResumeUpdateButton
            session={session}
            label={details.data.CV ? 'Replace CV' : 'Upload CV'}
          />
        </Stack>
        <ProfileForm onSaved={onDone} />
      </Stack>
    );
  } else if (isMissingProfile(details.error)) {
    body = <CreateProfileForm session={session} onCreated={onDone} />;
  } else if (details.isError) {
    body = (
      <Alert color="red" role="alert" title="Your profile could not be loaded">
        {PROFILE_LOAD_FAILED}
      </Alert>
    );
  } else {
    body = (
      <Text c="dimmed" aria-busy="true">
        Loading your profile…
      </Text>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="xs">
        Complete your profile
      </Title>
      <Text c="dimmed" mb="lg">
        A few details so referees and match scores know who you are. You can change them any time.
      </Text>
      {body}
    </Container>
  );
}
