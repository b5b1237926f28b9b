import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { PASSWORD_HINT, passwordPolicyMessage } from '@/domain/password-policy';
import { loadAuthActions } from '@/lib/auth';
import { completeSignIn } from './after-sign-in';
import { AuthCard } from './auth-card';
import { signInErrorMessage } from './error-messages';

const PASSWORD_ID = 'sign-up-password';

/**
 * Sign-up with a confirmation code (spec §3 sign-up inputs: username, password, name, optional
 * phone_number; §4: confirm and resend the code, then sign in automatically).
 */
export function SignUpForm({ confirmEmail }: { confirmEmail?: string }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<'details' | 'code'>(confirmEmail ? 'code' : 'details');
  const [name, setName] = useState('');
  const [email, setEmail] = useState(confirmEmail ?? '');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      await work();
    } catch (caught) {
      setError(signInErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const submitDetails = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !email.trim()) return setError('Enter your name and email.');
    // spec §5: sign-up needs a password (a missing one is an empty-password error).
    if (!password) return setError('Enter a password.');
    // Issue 26 item 9: the pool's policy, checked here so the user hears it by the field at once.
    const weak = passwordPolicyMessage(password);
    setPasswordError(weak);
    if (weak) {
      setError(null);
      document.getElementById(PASSWORD_ID)?.focus();
      return;
    }
    if (phone && !/^\+[1-9]\d{7,14}$/.test(phone)) {
      return setError('Phone numbers start with + and the country code, e.g. +919876543210.');
    }
    void run(async () => {
      const { signUpWithPassword } = await loadAuthActions();
      const next = await signUpWithPassword({
        email: email.trim(),
        password,
        name: name.trim(),
        ...(phone ? { phoneNumber: phone } : {}),
      });
      if (next === 'CONFIRM_SIGN_UP') setStep('code');
      else await navigate({ to: '/auth/login' });
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    // spec §5: confirm sign-up needs a username and a code.
    if (!code.trim()) return setError('Enter the code we emailed you.');
    void run(async () => {
      const { confirmSignUpCode } = await loadAuthActions();
      const session = await confirmSignUpCode(email.trim(), code.trim());
      if (session) await navigate({ to: await completeSignIn(session) });
      else await navigate({ to: '/auth/login' });
    });
  };

  const resend = () =>
    void run(async () => {
      const { resendCode } = await loadAuthActions();
      await resendCode(email.trim());
      setNotice('We sent a new code.');
    });

  return (
    <AuthCard
      title={step === 'details' ? 'Sign up for free' : 'Confirm your email'}
      error={error}
      notice={notice}
      footer={{ text: 'Already have an account?', link: 'Login', to: '/auth/login' }}
    >
      {step === 'details' ? (
        <form onSubmit={submitDetails} noValidate>
          <Stack>
            <TextInput
              label="Full name"
              autoComplete="name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              id={PASSWORD_ID}
              description={PASSWORD_HINT}
              error={passwordError}
              // Mantine marks only its wrapper; assistive technology reads aria-invalid.
              aria-invalid={passwordError !== null}
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => {
                const next = e.currentTarget.value;
                setPassword(next);
                // Once shown, the message follows the typing and goes when the password passes.
                if (passwordError) setPasswordError(passwordPolicyMessage(next));
              }}
            />
            <TextInput
              label="Phone (optional)"
              type="tel"
              autoComplete="tel"
              placeholder="+919876543210"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy}>
              Create account
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={submitCode} noValidate>
          <Stack>
            <Text size="sm">We emailed a code to {email}. Enter it to finish signing up.</Text>
            <TextInput
              label="Confirmation code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <Group grow>
              <Button variant="default" onClick={resend} disabled={busy}>
                Resend code
              </Button>
              <Button type="submit" loading={busy}>
                Confirm
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
