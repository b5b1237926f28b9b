import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { loadAuthActions } from '@/lib/auth';
import { toast } from '@/lib/toast';

type Field = 'oldPassword' | 'newPassword' | 'confirm';
type Problems = Partial<Record<Field, string>>;

/** The pool's password policy (Cognito's default), checked here so mistakes show inline. */
function newPasswordProblem(password: string): string | undefined {
  if (password.length < 8) return 'Use at least 8 characters.';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password)) {
    return 'Use upper and lower case letters.';
  }
  if (!/[0-9]/.test(password)) return 'Add a number.';
  if (!/[^A-Za-z0-9]/.test(password)) return 'Add a symbol.';
  return undefined;
}

function validate(values: Record<Field, string>): Problems {
  const problems: Problems = {};
  // spec §5: change password needs the old and the new password.
  if (!values.oldPassword) problems.oldPassword = 'Enter your current password.';
  const weak = newPasswordProblem(values.newPassword);
  if (!values.newPassword) problems.newPassword = 'Choose a new password.';
  else if (weak) problems.newPassword = weak;
  else if (values.newPassword === values.oldPassword) {
    problems.newPassword = 'Choose a password different from the current one.';
  }
  if (values.confirm !== values.newPassword) problems.confirm = 'The passwords do not match.';
  return problems;
}

/**
 * Change password for the signed-in user (spec §5: old and new password, an authenticated user
 * and an access token; spec §8: "User not authenticated", "Access token is missing or expired").
 */
export function ChangePasswordForm() {
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: '',
    newPassword: '',
    confirm: '',
  });
  const [problems, setProblems] = useState<Problems>({});
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    // Inline validation once the user has tried to submit.
    if (submitted) setProblems(validate(next));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    const found = validate(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { changePassword, PasswordChangeError } = await loadAuthActions();
      try {
        await changePassword(values.oldPassword, values.newPassword);
      } catch (refused) {
        // A refusal about one input shows under it; the rest (spec §8 texts) above the form.
        if (refused instanceof PasswordChangeError && refused.field) {
          setProblems({ [refused.field]: refused.message });
          return;
        }
        throw refused;
      }
      setValues({ oldPassword: '', newPassword: '', confirm: '' });
      setSubmitted(false);
      toast.success('Your password has been changed.');
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={440} mx="auto" my={48}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          <Title order={1} size="h2">
            Change password
          </Title>
          <Text c="dimmed" size="sm">
            Other devices stay signed in.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            error={problems.oldPassword}
            value={values.oldPassword}
            onChange={change('oldPassword')}
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters with upper and lower case letters, a number and a symbol."
            autoComplete="new-password"
            required
            error={problems.newPassword}
            value={values.newPassword}
            onChange={change('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            error={problems.confirm}
            value={values.confirm}
            onChange={change('confirm')}
          />
          <Button type="submit" loading={busy}>
            Change password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
