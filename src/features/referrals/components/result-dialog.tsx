/**
 * The referral request result dialog (spec §4 "Referral request result dialogs"): the title and
 * meaning of the server's result type with the spec's button. zeroReferral → Subscribe Now (the
 * plans), profileCompletion → Complete Now (the profile, coming back here), AlreadyRequested →
 * Okay, RequestAccepted → View Status (the request in My referrals), RequestRejected → View
 * Feedback (the reasons and a link to guidance), Error_250 / Error_251 → Close, Max_tries →
 * Back to Home; any other type says "Something went wrong" (spec §8).
 */
import { Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { saveContinuation } from '@/lib/continuation';
import { referralResultDialog, type ReferralRequestDto } from '@/domain/contract/referrals';
import { referralPaths } from '../paths';

export interface ReferralResultDialogProps {
  /** The server's result type (or anything else: the unknown dialog). */
  readonly type: string;
  readonly request: ReferralRequestDto | null;
  readonly company: { readonly id: string; readonly name: string };
  /** Where Complete Now comes back to (this page). */
  readonly returnUrl: string;
  readonly onClose: () => void;
}

function TargetButton({
  type,
  label,
  request,
  returnUrl,
  onClose,
}: {
  type: string;
  label: string;
  request: ReferralRequestDto | null;
  returnUrl: string;
  onClose: () => void;
}) {
  switch (type) {
    case 'zeroReferral':
      return (
        <Button component={Link} to="/v1/candidate/subscription">
          {label}
        </Button>
      );
    case 'profileCompletion':
      return <CompleteNowButton label={label} returnUrl={returnUrl} />;
    case 'RequestAccepted':
      return request ? (
        <Button component={Link} to={referralPaths.request(request.id)}>
          {label}
        </Button>
      ) : (
        <Button component={Link} to="/v1/candidate/referrals">
          {label}
        </Button>
      );
    case 'Max_tries':
      return (
        <Button component={Link} to="/">
          {label}
        </Button>
      );
    default:
      return (
        <Button onClick={onClose} data-autofocus>
          {label}
        </Button>
      );
  }
}

/** spec §2: the in-app profile edit redirect, with a returnUrl back to this page. */
function CompleteNowButton({ label, returnUrl }: { label: string; returnUrl: string }) {
  const navigate = useNavigate();
  return (
    <Button
      onClick={() => {
        // spec §4: an incomplete profile keeps the pending referral continuation too.
        saveContinuation(returnUrl);
        void navigate({ to: '/v1/candidate/profile', search: { returnUrl } });
      }}
    >
      {label}
    </Button>
  );
}

function Feedback({
  request,
  company,
}: {
  request: ReferralRequestDto | null;
  company: ReferralResultDialogProps['company'];
}) {
  const reasons = request?.rejectionReasons ?? [];
  return (
    <Stack gap="xs" data-testid="referral-feedback">
      {reasons.length > 0 ? (
        <List size="sm" spacing={4}>
          {reasons.map((reason) => (
            <List.Item key={reason.code}>{reason.text}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">Your profile did not match this job closely enough.</Text>
      )}
      <Text size="sm">
        A referee at {company.name} can help you get there:{' '}
        <Anchor component={Link} to={referralPaths.guidance(company.name, company.id)}>
          request guidance
        </Anchor>
        .
      </Text>
      {request && (
        <Anchor component={Link} to={referralPaths.request(request.id)} size="sm">
          See it in My referrals
        </Anchor>
      )}
    </Stack>
  );
}

export function ReferralResultDialog({
  type,
  request,
  company,
  returnUrl,
  onClose,
}: ReferralResultDialogProps) {
  const dialog = referralResultDialog(type);
  const [feedback, setFeedback] = useState(false);
  return (
    <Modal
      opened
      onClose={onClose}
      title={dialog.title}
      centered
      size="sm"
      data-testid="referral-result"
      data-result={type}
    >
      <Stack gap="md">
        {dialog.message !== dialog.title && <Text>{dialog.message}</Text>}
        {type === 'RequestRejected' && feedback && <Feedback request={request} company={company} />}
        <Group justify="flex-end" gap="sm">
          {type === 'RequestRejected' ? (
            feedback ? (
              <Button onClick={onClose} data-autofocus>
                Close
              </Button>
            ) : (
              <Button onClick={() => setFeedback(true)}>{dialog.button}</Button>
            )
          ) : (
            <TargetButton
              type={type}
              label={dialog.button}
              request={request}
              returnUrl={returnUrl}
              onClose={onClose}
            />
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
