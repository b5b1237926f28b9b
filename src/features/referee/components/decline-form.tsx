/**
 * Decline with a reason (issue 17): one of the contract's DECLINE_REASONS plus free text, which
 * reaches the candidate. "Other" needs the text (the server's rule, same words). Checked with
 * the contract's DeclineReferralBody before it is queued, so the outbox never carries a decline
 * the server would refuse.
 */
import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import * as z from 'zod/mini';
import {
  DeclineReferralBody,
  ReferralErrors,
  ReferralLimits,
  type DeclineReason,
  type DeclineReferralInput,
} from '@/domain/contract/referrals';
import { DECLINE_REASON_OPTIONS } from '../offer-view';

export interface DeclineFormProps {
  readonly onDecline: (input: DeclineReferralInput) => void;
  readonly onCancel: () => void;
}

export function DeclineForm({ onDecline, onCancel }: DeclineFormProps) {
  const [reason, setReason] = useState<DeclineReason | ''>('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reason) return setError('Choose a reason.');
    const trimmed = text.trim();
    if (reason === 'other' && !trimmed) return setError(ReferralErrors.declineNeedsText);
    const parsed = z.safeParse(DeclineReferralBody, {
      reason,
      ...(trimmed ? { text: trimmed } : {}),
    });
    if (!parsed.success) {
      return setError(`Keep it under ${ReferralLimits.reasonMaxLength} characters.`);
    }
    setError(null);
    onDecline(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Decline this request" data-testid="decline-form">
      <Stack gap="sm">
        <Radio.Group
          label="Why are you declining?"
          description="The candidate sees this reason."
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
        >
          <Stack gap={6} mt={6}>
            {DECLINE_REASON_OPTIONS.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={reason === 'other' ? 'In a few words' : 'Anything to add (optional)'}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          maxLength={ReferralLimits.reasonMaxLength}

          rows={3}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <Text c="red.8" size="sm" id={errorId} role="alert">
            {error}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" color="red">
            Decline
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
