/**
 * Become a referee (issue 17 part 1; spec §1 employees act as referees with 2+ years of overall
 * experience and a work email given once). The rule is shown against the profile's YOE; the
 * referee picks the current company, gives the work email (its domain must be one of the
 * company's; free mail is refused here with the server's words before anything is sent), then
 * types the code mailed to it. "Change company" runs the same card again (re-verification).
 */
import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  RefereeErrors,
  RefereeLimits,
  emailDomainOf,
  isFreeMailDomain,
  type RefereeProfileDto,
} from '@/domain/contract/referees';
import { refereeKeys } from '@/lib/referrals';
import { requestWorkEmailCode, verifyWorkEmailCode } from '../api/referee-api';
import { CompanyPicker, type PickedCompany } from './company-picker';
import { userErrorText } from '@/lib/api';

export interface BecomeRefereeCardProps {
  readonly userId: string;
  readonly profile: RefereeProfileDto;
  /** Changing company: the card re-verifies; Cancel goes back. */
  readonly onCancel?: () => void;
}

export function BecomeRefereeCard({ userId, profile, onCancel }: BecomeRefereeCardProps) {
  const queryClient = useQueryClient();
  const [company, setCompany] = useState<PickedCompany | null>(null);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  // A code already pending from an earlier visit shows the code step straight away.
  const [sentTo, setSentTo] = useState<string | null>(
    profile.status === 'pendingCode' && !onCancel ? (profile.emailDomain ?? '') : null,
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: refereeKeys.all(userId) });

  const send = useMutation({
    mutationFn: () => requestWorkEmailCode({ companyId: company!.id, workEmail: email.trim() }),
    onSuccess: (data) => {
      setSentTo(data.emailDomain);
      setCode('');
      void refresh();
    },
  });
  const verify = useMutation({
    mutationFn: () => verifyWorkEmailCode(code),
    onSuccess: () => {
      void refresh();
      onCancel?.();
    },
  });

  function submitEmail(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!company) return setFormError('Choose your company.');
    const domain = emailDomainOf(email);
    if (!domain || !email.includes('@')) return setFormError('Enter your work email address.');
    if (isFreeMailDomain(domain)) return setFormError(RefereeErrors.freeMail);
    send.mutate();
  }

  function submitCode(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!new RegExp(`^\\d{${RefereeLimits.codeLength}}$`).test(code.trim())) {
      return setFormError(`The code has ${RefereeLimits.codeLength} digits.`);
    }
    verify.mutate();
  }

  const yoe = profile.yoe;
  const error =
    formError ??
    (send.isError
      ? userErrorText(send.error)
      : verify.isError
        ? userErrorText(verify.error)
        : null);

  return (
    <Card withBorder radius="md" padding="md" data-testid="become-referee">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {onCancel ? 'Change company' : 'Become a referee'}
        </Title>
        <Text size="sm">
          Refer candidates to jobs at your company. Referees need at least{' '}
          {RefereeLimits.minYearsOfExperience} years of experience and verify their work email once;
          candidates do not see your email.
        </Text>
        <Text size="sm" data-testid="referee-yoe-rule" c={profile.eligible ? undefined : 'red.8'}>
          {yoe === null
            ? 'Your profile does not say your years of experience yet.'
            : profile.eligible
              ? `Your profile says ${yoe} years: you can become a referee.`
              : `Your profile says ${yoe} ${yoe === 1 ? 'year' : 'years'}: ${RefereeErrors.tooJunior}`}
        </Text>
        {!profile.eligible ? (
          <Text size="sm">
            <Anchor component={Link} to="/v1/candidate/profile">
              Update your years of experience
            </Anchor>
          </Text>
        ) : sentTo === null ? (
          <form onSubmit={submitEmail} noValidate>
            <Stack gap="sm">
              <CompanyPicker value={company} onChange={setCompany} />
              <TextInput
                label="Work email"
                type="email"
                autoComplete="email"
                placeholder="you@yourcompany.com"
                value={email}
                maxLength={RefereeLimits.workEmailMax}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
              <Group gap="sm">
                <Button type="submit" loading={send.isPending}>
                  Send code
                </Button>
                {onCancel && (
                  <Button variant="subtle" onClick={onCancel}>
                    Cancel
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        ) : (
          <form onSubmit={submitCode} noValidate>
            <Stack gap="sm">
              <Text size="sm" data-testid="code-sent">
                We sent a {RefereeLimits.codeLength}-digit code to your
                {sentTo ? ` @${sentTo}` : ''} work email. It is valid for{' '}
                {RefereeLimits.codeTtlMinutes} minutes.
              </Text>
              <TextInput
                label="Code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={RefereeLimits.codeLength}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
              />
              <Group gap="sm">
                <Button type="submit" loading={verify.isPending}>
                  Verify
                </Button>
                <Button
                  variant="subtle"
                  onClick={() => {
                    setSentTo(null);
                    send.reset();
                    verify.reset();
                  }}
                >
                  Use another email
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {error && (
          <Alert color="red" variant="light" p="xs" role="alert" data-testid="referee-error">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
