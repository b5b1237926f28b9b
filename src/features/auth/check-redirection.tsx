import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { loadAuthActions } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { completeSignIn, DeactivatedAccountError } from './after-sign-in';
import { AuthCard } from './auth-card';
import { signInErrorMessage } from './error-messages';

/**
 * /auth/checkRedirection (spec §2): the return point of the hosted sign-in (LinkedIn). Amplify
 * exchanges the code, then the sign-in finishes like a password one (after-sign-in.ts).
 */
export function CheckRedirection() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per page: a second exchange of the same code would fail (StrictMode runs effects twice).
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const { completeRedirectSignIn } = await loadAuthActions();
        const session = await completeRedirectSignIn();
        if (!session) throw new Error('The sign-in did not complete. Please try again.');
        await navigate({ to: await completeSignIn(session), replace: true });
      } catch (caught) {
        if (caught instanceof DeactivatedAccountError) {
          toast.error(caught.message, { autoClose: false }); // spec §8
        }
        setError(signInErrorMessage(caught));
      }
    })();
  }, [navigate]);

  return (
    <AuthCard
      title={error ? 'Sign-in failed' : 'Signing you in'}
      error={error}
      footer={{ text: 'Try again from the', link: 'Login page', to: '/auth/login' }}
    >
      {!error && (
        <Stack align="center">
          <Loader aria-hidden="true" />
          <Text role="status">Completing your sign-in…</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
