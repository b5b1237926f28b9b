import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { loadAuthActions } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { completeSignIn, DeactivatedAccountError } from './after-sign-in';
import { AuthCard } from './auth-card';
import { signInErrorMessage } from './error-messages';
import { SignInChallengeForm, type SignInChallenge } from './sign-in-challenge';

type Outcome = Awaited<
  ReturnType<Awaited<ReturnType<typeof loadAuthActions>>['signInWithPassword']>
>;

/** Email + password sign-in (spec §4 sign-in steps; §5: username and password required). */
export function LoginForm({
  title,
  subtitle,
  social = false,
}: {
  title: string;
  subtitle: string;
  /** Offer LinkedIn sign-in through the hosted page (spec §1, §4). */
  social?: boolean;
}) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);

  /** Runs one sign-in call and follows its outcome (spec §4 sign-in steps). */
  const run = async (call: () => Promise<Outcome>) => {
    setError(null);
    setBusy(true);
    try {
      const outcome = await call();
      if (outcome.step === 'DONE' && outcome.session) {
        await navigate({ to: await completeSignIn(outcome.session) });
      } else if (outcome.step === 'CONFIRM_SIGN_UP') {
        await navigate({ to: '/auth/signup', search: { confirm: email.trim() } });
      } else if (outcome.step === 'CODE') {
        setChallenge({ kind: 'code', via: outcome.via });
      } else if (outcome.step === 'NEW_PASSWORD') {
        setChallenge({ kind: 'new-password', missingAttributes: outcome.missingAttributes });
      } else {
        setError('This sign-in needs a step the app does not support yet. Contact support.');
      }
    } catch (caught) {
      // spec §8: a deactivated account gets a persistent error toast (and is signed out).
      if (caught instanceof DeactivatedAccountError)
        toast.error(caught.message, { autoClose: false });
      else setError(signInErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const answer = (response: string, attributes?: Record<string, string>) =>
    void run(async () => {
      const { answerSignInChallenge } = await loadAuthActions();
      return answerSignInChallenge(response, attributes);
    });

  const linkedIn = async () => {
    setError(null);
    setBusy(true);
    try {
      const { signInWithLinkedIn } = await loadAuthActions();
      await signInWithLinkedIn(); // the browser leaves for the hosted page
    } catch (caught) {
      setError(signInErrorMessage(caught));
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError('Enter your email and password.');
      return;
    }
    await run(async () => {
      const { signInWithPassword } = await loadAuthActions();
      return signInWithPassword(email.trim(), password);
    });
  };

  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      error={error}
      footer={{ text: 'New here?', link: 'Sign-up for free', to: '/auth/signup' }}
    >
      {challenge ? (
        <SignInChallengeForm challenge={challenge} busy={busy} onAnswer={answer} />
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack>
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Button type="submit" loading={busy}>
              Sign in
            </Button>
            {social && (
              <Button variant="default" disabled={busy} onClick={() => void linkedIn()}>
                Continue with LinkedIn
              </Button>
            )}
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
