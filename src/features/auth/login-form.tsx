import { Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { loadAuthActions, loadDeviceActions } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { completeSignIn, DeactivatedAccountError } from './after-sign-in';
import { AuthCard } from './auth-card';
import { signInErrorMessage } from './error-messages';
import { passkeyProblem } from './passkey-errors';
import { SignInChallengeForm, type SignInChallenge } from './sign-in-challenge';

type Outcome = Awaited<
  ReturnType<Awaited<ReturnType<typeof loadAuthActions>>['signInWithPassword']>
>;

/** The form for the step a sign-in outcome asks for, or null when it is not one. */
function challengeOf(outcome: Outcome, email: string): SignInChallenge | null {
  switch (outcome.step) {
    case 'CODE':
      return {
        kind: 'code',
        via: outcome.via,
        ...(outcome.destination ? { destination: outcome.destination } : {}),
      };
    case 'NEW_PASSWORD':
      return { kind: 'new-password', missingAttributes: outcome.missingAttributes };
    case 'TOTP_SETUP':
      return { kind: 'totp-setup', secret: outcome.secret, setupUri: outcome.setupUri };
    case 'MFA_SETUP_SELECTION':
      return { kind: 'mfa-setup-selection', methods: outcome.methods };
    case 'EMAIL_SETUP':
      return { kind: 'email-setup', email };
    case 'MFA_SELECTION':
      return { kind: 'mfa-selection', methods: outcome.methods };
    case 'CUSTOM_CHALLENGE':
      return {
        kind: 'custom',
        question: outcome.parameters.question ?? 'Answer the security question.',
      };
    case 'FIRST_FACTOR':
      return { kind: 'first-factor', factors: outcome.factors };
    case 'PASSWORD':
      return { kind: 'password' };
    default:
      return null;
  }
}

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
  /** Not an error: e.g. the person closed the passkey prompt (spec §8: a cancelled sign-in). */
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  /** issue 27: after a code, "don't ask again on this device" (a remembered device skips MFA). */
  const [rememberDevice, setRememberDevice] = useState(false);

  /** Runs one sign-in call and follows its outcome (spec §4 sign-in steps). */
  const run = async (call: () => Promise<Outcome>, via: 'passkey' | 'other' = 'other') => {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const outcome = await call();
      if (
        via === 'passkey' &&
        outcome.step === 'FIRST_FACTOR' &&
        !outcome.factors.includes('WEB_AUTHN')
      ) {
        // Cognito offers the other first factors when the account has no passkey.
        setChallenge(null);
        setError(
          'This account has no passkey yet. Sign in with your password, then add one under Passkeys in your account menu.',
        );
      } else if (outcome.step === 'DONE' && outcome.session) {
        if (challenge?.kind === 'code' && rememberDevice) {
          const { rememberThisDevice } = await loadDeviceActions();
          // Signed in either way: a device not remembered only means a code next time.
          await rememberThisDevice().catch(() =>
            toast.error('This device could not be remembered. You will be asked for a code again.'),
          );
        }
        await navigate({ to: await completeSignIn(outcome.session) });
      } else if (outcome.step === 'CONFIRM_SIGN_UP') {
        await navigate({ to: '/auth/signup', search: { confirm: email.trim() } });
      } else if (outcome.step === 'RESET_PASSWORD') {
        setChallenge(null);
        setError('Your password must be reset before you can sign in. Contact support.');
      } else {
        const next = challengeOf(outcome, email.trim());
        if (!next) {
          setError('This sign-in needs a step the app does not support yet. Contact support.');
        } else if (next.kind === 'custom' && challenge?.kind === 'custom') {
          // The custom challenge asks again: the last answer was not accepted.
          const left = outcome.step === 'CUSTOM_CHALLENGE' ? outcome.parameters.attemptsLeft : '';
          setError(
            `That answer was not accepted.${left ? ` Attempts left: ${left}.` : ''} Try again.`,
          );
        }
        setChallenge(next);
      }
    } catch (caught) {
      // spec §8: a deactivated account gets a persistent error toast (and is signed out).
      const passkey = passkeyProblem(caught);
      if (caught instanceof DeactivatedAccountError)
        toast.error(caught.message, { autoClose: false });
      else if (passkey?.kind === 'cancelled') setNotice(passkey.message);
      else setError(passkey?.message ?? signInErrorMessage(caught));
      // A refused sign-in (wrong password, failed challenge, expired session) has ended: start
      // again from the first form. A wrong code keeps its step, to try again.
      if (caught instanceof Error && caught.name === 'NotAuthorizedException') setChallenge(null);
    } finally {
      setBusy(false);
    }
  };

  /** spec §4 first-factor choice or custom challenge: both start with the email only. */
  const startWithoutPassword = (flow: 'choice' | 'custom') => {
    setError(null);
    if (!email.trim()) {
      setError('Enter your email.');
      return;
    }
    void run(async () => {
      const { signInWithoutPassword } = await loadAuthActions();
      return signInWithoutPassword(email.trim(), flow);
    });
  };

  /** issue 27: USER_AUTH with the passkey first factor; the email says whose passkey. */
  const passkeySignIn = () => {
    setError(null);
    setNotice(null);
    if (!email.trim()) {
      setError('Enter your email, then sign in with your passkey.');
      return;
    }
    void run(async () => {
      const { signInWithPasskey } = await loadAuthActions();
      return signInWithPasskey(email.trim());
    }, 'passkey');
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
      notice={notice}
      footer={{ text: 'New here?', link: 'Sign-up for free', to: '/auth/signup' }}
    >
      {challenge ? (
        <SignInChallengeForm
          challenge={challenge}
          busy={busy}
          onAnswer={answer}
          onCancel={() => {
            setError(null);
            setNotice(null);
            setChallenge(null);
          }}
        />
      ) : null}
      {challenge?.kind === 'code' ? (
        <Checkbox
          label="Don’t ask for a code on this device again"
          description="Only on a phone or computer you alone use."
          checked={rememberDevice}
          onChange={(event) => setRememberDevice(event.currentTarget.checked)}
        />
      ) : null}
      {challenge ? null : (
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
            <Button variant="default" disabled={busy} onClick={passkeySignIn}>
              Sign in with a passkey
            </Button>
            {/* Issue 26 item 8: natural widths that wrap, so neither label is cut on a phone. */}
            <Group gap="xs" justify="center">
              <Button
                variant="subtle"
                size="xs"
                disabled={busy}
                onClick={() => startWithoutPassword('choice')}
              >
                More sign-in options
              </Button>
              <Button
                variant="subtle"
                size="xs"
                disabled={busy}
                onClick={() => startWithoutPassword('custom')}
              >
                Use a security question
              </Button>
            </Group>
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
