/**
 * Asks the moderator why (reject, mark bad, unpublish, delete): the company reads the words on
 * its dashboard (issue 21 item 1), and the audit log keeps them.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ReasonLimits } from '@/domain/contract/admin-jobs';

export interface ReasonDialogProps {
  readonly title: string;
  readonly jobTitle: string;
  readonly confirm: string;
  /** Delete may go without words; the others need them. */
  readonly required: boolean;
  readonly busy: boolean;
  readonly onConfirm: (reason: string) => void;
  readonly onClose: () => void;
}

export function ReasonDialog(props: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const missing = props.required && reason.trim() === '';
  return (
    <Modal opened onClose={props.onClose} title={props.title} centered>
      <Stack
        gap="sm"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!missing) props.onConfirm(reason.trim());
        }}
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {props.jobTitle}
        </Text>
        <Textarea
          label="Reason"
          description="The company sees this on its dashboard."
          placeholder="e.g. Asks candidates to pay a registration fee"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={ReasonLimits.max}
          autosize
          minRows={2}
          required={props.required}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" disabled={missing} loading={props.busy}>
            {props.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
