import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

export type SignInChallenge =
  | { kind: 'code'; via: 'TOTP' | 'SMS' | 'EMAIL' }
  | { kind: 'new-password'; missingAttributes: string[] };

const CODE_HINT = {
  TOTP: 'Enter the 6-digit code from your authenticator app.',
  SMS: 'Enter the code we sent to your phone.',
  EMAIL: 'Enter the code we sent to your email.',
} as const;

// Labels for the attributes Cognito may ask for with a new password (spec §3 sign-up inputs).
const ATTRIBUTE_LABELS: Record<string, string> = {
  name: 'Full name',
  phone_number: 'Phone',
  email: 'Email',
};

/** Amplify reports missing attributes as `userAttributes.name` or `name`. */
function attributeName(missing: string): string {
  return missing.replace(/^userAttributes\./, '');
}

/**
 * The second step of a sign-in (spec §4 sign-in steps): a one-time code (TOTP, SMS or email), or a
 * new password with the attributes the account still lacks. `onAnswer` resolves when the answer
 * was taken (the parent moves on or shows the error).
 */
export function SignInChallengeForm({
  challenge,
  busy,
  onAnswer,
}: {
  challenge: SignInChallenge;
  busy: boolean;
  onAnswer: (response: string, attributes?: Record<string, string>) => void;
}) {
  const [value, setValue] = useState('');
  const [attributes, setAttributes] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (challenge.kind === 'code') {
      const code = value.replace(/\s/g, '');
      if (!/^\d{6,8}$/.test(code)) return setProblem('Enter the code: 6 digits.');
      return onAnswer(code);
    }
    if (!value) return setProblem('Choose a new password.');
    const names = challenge.missingAttributes.map(attributeName);
    if (names.some((name) => !attributes[name]?.trim())) return setProblem('Fill in every field.');
    onAnswer(
      value,
      names.length
        ? Object.fromEntries(names.map((name) => [name, attributes[name]!.trim()]))
        : undefined,
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {challenge.kind === 'code' ? (
          <TextInput
            label="Authentication code"
            description={CODE_HINT[challenge.via]}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            error={problem}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
        ) : (
          <>
            <Text size="sm">Your account needs a new password before you continue.</Text>
            <PasswordInput
              label="New password"
              description="At least 8 characters with upper and lower case letters, a number and a symbol."
              autoComplete="new-password"
              required
              error={problem}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
            />
            {challenge.missingAttributes.map(attributeName).map((name) => (
              <TextInput
                key={name}
                label={ATTRIBUTE_LABELS[name] ?? name}
                required
                value={attributes[name] ?? ''}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  setAttributes((current) => ({ ...current, [name]: next }));
                }}
              />
            ))}
          </>
        )}
        <Button type="submit" loading={busy}>
          {challenge.kind === 'code' ? 'Verify' : 'Set password and sign in'}
        </Button>
      </Stack>
    </form>
  );
}
