/**
 * Every admin change asks why (issue 21: the audit log keeps the words): the fields of the change,
 * a reason, and one button. The button waits for the server, and the server's refusal is shown
 * under it in its own words.
 */
import { Alert, Button, Stack, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { AdminUserLimits } from '@/domain/contract/admin-users';
import { userErrorText } from '@/lib/api';

export interface ReasonFormProps {
  readonly label: string;
  readonly submit: string;
  readonly color?: string;
  readonly placeholder?: string;
  readonly disabled?: boolean;
  readonly children?: ReactNode;
  /** Resolves when the server accepted the change. */
  readonly onSubmit: (reason: string) => Promise<unknown>;
  readonly testId?: string;
}

export function ReasonForm(props: ReasonFormProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const short = reason.trim().length < AdminUserLimits.reasonMin;
  return (
    <Stack
      gap="xs"
      component="form"
      data-testid={props.testId}
      onSubmit={(event) => {
        event.preventDefault();
        if (short || busy) return;
        setBusy(true);
        setError(null);
        props
          .onSubmit(reason.trim())
          .then(() => setReason(''))
          .catch((caught: unknown) => setError(userErrorText(caught)))
          .finally(() => setBusy(false));
      }}
    >
      {props.children}
      <Textarea
        label={props.label}
        placeholder={props.placeholder ?? 'Why? The audit log keeps this.'}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        maxLength={AdminUserLimits.reasonMax}
        autosize
        minRows={1}
      />
      {error && (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      )}
      <Button
        type="submit"
        color={props.color}
        disabled={short || props.disabled}
        loading={busy}
        style={{ alignSelf: 'flex-start' }}
      >
        {props.submit}
      </Button>
    </Stack>
  );
}
