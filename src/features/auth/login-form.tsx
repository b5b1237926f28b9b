import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { loadAuthActions } from '@/lib/auth';
import { completeSignIn } from './after-sign-in';
import { AuthCard } from './auth-card';
import { signInErrorMessage } from './error-messages';

/** Email + password sign-in (spec §4 sign-in steps; §5: username and password required). */
export function LoginForm({ title, subtitle }: { title: string; subtitle: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError('Enter your email and password.');
      return;
    }
    setBusy(true);
    try {
      const { signInWithPassword } = await loadAuthActions();
      const outcome = await signInWithPassword(email.trim(), password);
      if (outcome.step === 'DONE' && outcome.session) {
        await navigate({ to: await completeSignIn(outcome.session) });
      } else if (outcome.step === 'CONFIRM_SIGN_UP') {
        await navigate({ to: '/auth/signup', search: { confirm: email.trim() } });
      } else {
        setError('This sign-in needs a step the app does not support yet. Contact support.');
      }
    } catch (caught) {
      setError(signInErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      error={error}
      footer={{ text: 'New here?', link: 'Sign-up for free', to: '/auth/signup' }}
    >
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
        </Stack>
      </form>
    </AuthCard>
  );
}
