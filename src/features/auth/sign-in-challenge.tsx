import { Button, Code, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { TotpQrCode } from './totp-qr-code';

type MfaMethod = 'TOTP' | 'SMS' | 'EMAIL';

/** The step a sign-in waits on (spec §4 sign-in steps), as the form shows it. */
export type SignInChallenge =
  | { kind: 'code'; via: MfaMethod; destination?: string }
  | { kind: 'new-password'; missingAttributes: string[] }
  | { kind: 'totp-setup'; secret: string; setupUri: string }
  | { kind: 'mfa-setup-selection'; methods: MfaMethod[] }
  | { kind: 'email-setup'; email: string }
  | { kind: 'mfa-selection'; methods: MfaMethod[] }
  | { kind: 'custom'; question: string }
  | { kind: 'first-factor'; factors: string[] }
  | { kind: 'password' };

const CODE_HINT = {
  TOTP: 'Enter the 6-digit code from your authenticator app.',
  SMS: 'Enter the code we sent to your phone.',
  EMAIL: 'Enter the code we sent to your email.',
} as const;

const METHOD_LABELS: Record<MfaMethod, string> = {
  TOTP: 'Authenticator app',
  SMS: 'Text message',
  EMAIL: 'Email',
};

const FACTOR_LABELS: Record<string, string> = {
  PASSWORD: 'Password',
  PASSWORD_SRP: 'Password',
  EMAIL_OTP: 'Email me a code',
  SMS_OTP: 'Text me a code',
  // issue 27: the device's passkey prompt.
  WEB_AUTHN: 'Use a passkey',
};

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

type Answer = (response: string, attributes?: Record<string, string>) => void;

/**
 * The steps after the first sign-in call (spec §4 sign-in steps): a one-time code (TOTP, SMS or
 * email), a new password with the attributes the account still lacks, MFA set-up (TOTP with a QR
 * code, or email), a choice of MFA method or of first factor, the custom challenge, the password.
 * `onAnswer` resolves when the answer was taken (the parent moves on or shows the error).
 */
export function SignInChallengeForm({
  challenge,
  busy,
  onAnswer,
  onCancel,
}: {
  challenge: SignInChallenge;
  busy: boolean;
  onAnswer: Answer;
  onCancel: () => void;
}) {
  const body = (() => {
    switch (challenge.kind) {
      case 'mfa-selection':
      case 'mfa-setup-selection':
        return (
          <Choice
            intro={
              challenge.kind === 'mfa-selection'
                ? 'How do you want to confirm it is you?'
                : 'Your account needs a second sign-in step. Choose how to set it up.'
            }
            options={challenge.methods.map((method) => ({
              value: method,
              label: METHOD_LABELS[method],
            }))}
            busy={busy}
            onAnswer={onAnswer}
          />
        );
      case 'first-factor':
        return (
          <Choice
            intro="How do you want to sign in?"
            options={challenge.factors
              .filter(
                (factor) => factor !== 'PASSWORD_SRP' || !challenge.factors.includes('PASSWORD'),
              )
              .filter((factor) => FACTOR_LABELS[factor])
              .map((factor) => ({ value: factor, label: FACTOR_LABELS[factor]! }))}
            busy={busy}
            onAnswer={onAnswer}
          />
        );
      case 'code':
        return <CodeForm hint={codeHint(challenge)} busy={busy} onAnswer={onAnswer} />;
      case 'totp-setup':
        return (
          <Stack>
            <Text size="sm">
              Scan this QR code with your authenticator app, or type the key into it. Then enter the
              code it shows.
            </Text>
            <TotpQrCode uri={challenge.setupUri} />
            <Text size="sm">
              Setup key: <Code data-testid="totp-secret">{challenge.secret}</Code>
            </Text>
            <CodeForm hint={CODE_HINT.TOTP} busy={busy} onAnswer={onAnswer} />
          </Stack>
        );
      case 'email-setup':
        return <EmailSetupForm email={challenge.email} busy={busy} onAnswer={onAnswer} />;
      case 'custom':
        return (
          <CustomChallengeForm question={challenge.question} busy={busy} onAnswer={onAnswer} />
        );
      case 'password':
        return <PasswordForm busy={busy} onAnswer={onAnswer} />;
      case 'new-password':
        return (
          <NewPasswordForm
            missingAttributes={challenge.missingAttributes}
            busy={busy}
            onAnswer={onAnswer}
          />
        );
    }
  })();
  return (
    <Stack>
      {body}
      <Button variant="subtle" disabled={busy} onClick={onCancel}>
        Start over
      </Button>
    </Stack>
  );
}

function codeHint(challenge: Extract<SignInChallenge, { kind: 'code' }>): string {
  if (challenge.via === 'EMAIL' && challenge.destination) {
    return `Enter the code we sent to ${challenge.destination}.`;
  }
  return CODE_HINT[challenge.via];
}

function Choice({
  intro,
  options,
  busy,
  onAnswer,
}: {
  intro: string;
  options: { value: string; label: string }[];
  busy: boolean;
  onAnswer: Answer;
}) {
  return (
    <Stack>
      <Text size="sm">{intro}</Text>
      {options.map((option) => (
        <Button
          key={option.value}
          variant="default"
          loading={busy}
          onClick={() => onAnswer(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Stack>
  );
}

function CodeForm({ hint, busy, onAnswer }: { hint: string; busy: boolean; onAnswer: Answer }) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = value.replace(/\s/g, '');
    if (!/^\d{6,8}$/.test(code)) return setProblem('Enter the code: 6 digits.');
    setProblem(null);
    onAnswer(code);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Authentication code"
          description={hint}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={problem}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Button type="submit" loading={busy}>
          Verify
        </Button>
      </Stack>
    </form>
  );
}

function EmailSetupForm({
  email,
  busy,
  onAnswer,
}: {
  email: string;
  busy: boolean;
  onAnswer: Answer;
}) {
  const [value, setValue] = useState(email);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())) {
      return setProblem('Enter an email address.');
    }
    setProblem(null);
    onAnswer(value.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">We will email you a code each time you sign in.</Text>
        <TextInput
          label="Email for sign-in codes"
          type="email"
          required
          error={problem}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Button type="submit" loading={busy}>
          Send code
        </Button>
      </Stack>
    </form>
  );
}

function CustomChallengeForm({
  question,
  busy,
  onAnswer,
}: {
  question: string;
  busy: boolean;
  onAnswer: Answer;
}) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setProblem('Enter your answer.');
    setProblem(null);
    onAnswer(value.trim());
    setValue('');
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" data-testid="custom-challenge-question">
          {question}
        </Text>
        <TextInput
          label="Answer"
          required
          error={problem}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Button type="submit" loading={busy}>
          Submit answer
        </Button>
      </Stack>
    </form>
  );
}

function PasswordForm({ busy, onAnswer }: { busy: boolean; onAnswer: Answer }) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) return setProblem('Enter your password.');
    setProblem(null);
    onAnswer(value);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          error={problem}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Button type="submit" loading={busy}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}

function NewPasswordForm({
  missingAttributes,
  busy,
  onAnswer,
}: {
  missingAttributes: string[];
  busy: boolean;
  onAnswer: Answer;
}) {
  const [value, setValue] = useState('');
  const [attributes, setAttributes] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const names = missingAttributes.map(attributeName);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) return setProblem('Choose a new password.');
    if (names.some((name) => !attributes[name]?.trim())) return setProblem('Fill in every field.');
    setProblem(null);
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
        {names.map((name) => (
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
        <Button type="submit" loading={busy}>
          Set password and sign in
        </Button>
      </Stack>
    </form>
  );
}
