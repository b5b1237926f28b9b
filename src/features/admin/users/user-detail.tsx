/**
 * One person in the admin console (issue 21 item 2): who they are, their roles and status, their
 * referral credits with the ledger, payments and referral requests; and the changes an admin
 * makes: deactivate or reactivate, roles (through the identity pool: the person's next sign-in
 * or token refresh carries them), grant or revoke credits. An admin cannot change themself.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AdminUserLimits,
  COMPANY_ROLES,
  ROLE_LABELS,
  SITE_ROLES,
  type AdminUserDetail,
} from '@/domain/contract/admin-users';
import { formatRupees } from '@/domain/contract/payments';
import { DetailFrame } from '../components/detail-frame';
import { ReasonForm } from '../components/reason-form';
import {
  adminUserKeys,
  adminUserQuery,
  changeUserCredits,
  refundPayment,
  setUserRoles,
  setUserStatus,
} from './users-api';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });
const KIND_LABELS: Record<string, string> = {
  grant: 'Granted',
  revoke: 'Revoked',
  hold: 'Held for a request',
  consume: 'Referral made',
  release: 'Returned',
  purchase: 'Bought',
  refund: 'Refunded',
};

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} size="xl" data-testid={`credits-${label.toLowerCase()}`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

function CreditsSection({ detail, onSaved }: { detail: AdminUserDetail; onSaved: Saver }) {
  const [action, setAction] = useState<'grant' | 'revoke'>('grant');
  const [amount, setAmount] = useState<number | string>(1);
  const credits = detail.credits!;
  const n = typeof amount === 'number' ? amount : Number(amount);
  const valid = Number.isInteger(n) && n >= 1 && n <= AdminUserLimits.maxCreditChange;
  return (
    <Card withBorder padding="sm">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Referral credits
        </Title>
        <SimpleGrid cols={3}>
          <Stat label="Balance" value={credits.balance} />
          <Stat label="Held" value={credits.held} />
          <Stat label="Used" value={credits.consumed} />
        </SimpleGrid>
        <ReasonForm
          label="Reason"
          submit={action === 'grant' ? `Grant ${valid ? n : ''}` : `Revoke ${valid ? n : ''}`}
          color={action === 'revoke' ? 'red' : undefined}
          disabled={!valid}
          testId="credits-form"
          onSubmit={(reason) =>
            onSaved(changeUserCredits(detail.user.id, { action, amount: n, reason }))
          }
        >
          <SegmentedControl
            size="xs"
            aria-label="Grant or revoke"
            value={action}
            onChange={(value) => setAction(value)}
            data={[
              { value: 'grant', label: 'Grant' },
              { value: 'revoke', label: 'Revoke' },
            ]}
          />
          <NumberInput
            label="Credits"
            min={1}
            max={AdminUserLimits.maxCreditChange}
            allowDecimal={false}
            value={amount}
            onChange={setAmount}
          />
        </ReasonForm>
        {detail.ledger.length > 0 && (
          <Stack gap={4} data-testid="ledger">
            <Text size="sm" fw={600}>
              Ledger
            </Text>
            {detail.ledger.map((row) => (
              <Group key={row.id} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {KIND_LABELS[row.kind] ?? row.kind}
                  {row.note ? ` · ${row.note}` : ''}
                  {row.by ? ` · by ${row.by}` : ''}
                </Text>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {row.amount > 0 ? `+${row.amount}` : row.amount}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function RolesSection({ detail, onSaved }: { detail: AdminUserDetail; onSaved: Saver }) {
  const corporate = detail.user.kind === 'corporate';
  const choices: readonly string[] = corporate ? COMPANY_ROLES : SITE_ROLES;
  const [roles, setRoles] = useState<string[]>(() =>
    detail.user.roles.filter((role) => choices.includes(role)),
  );
  return (
    <Card withBorder padding="sm">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Roles
        </Title>
        <ReasonForm
          label="Reason"
          submit="Save roles"
          disabled={roles.length === 0}
          testId="roles-form"
          onSubmit={(reason) => onSaved(setUserRoles(detail.user.id, roles, reason))}
        >
          {corporate ? (
            <Radio.Group value={roles[0] ?? ''} onChange={(value) => setRoles([value])}>
              <Group gap="md">
                {choices.map((role) => (
                  <Radio key={role} value={role} label={ROLE_LABELS[role] ?? role} />
                ))}
              </Group>
            </Radio.Group>
          ) : (
            <Checkbox.Group value={roles} onChange={setRoles}>
              <Group gap="md">
                {choices.map((role) => (
                  <Checkbox key={role} value={role} label={ROLE_LABELS[role] ?? role} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          <Text size="xs" c="dimmed">
            The change reaches their next sign-in, or their session within the hour.
          </Text>
        </ReasonForm>
      </Stack>
    </Card>
  );
}

function PaymentRow({
  order,
  onRefund,
}: {
  order: AdminUserDetail['payments'][number];
  onRefund: (reason: string) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {when.format(new Date(order.createdAt))} · {order.credits} credits ·{' '}
          {formatRupees(order.amount)}
        </Text>
        {order.status === 'paid' ? (
          <Button size="compact-xs" variant="light" color="red" onClick={() => setOpen(!open)}>
            Refund
          </Button>
        ) : (
          <Badge variant="light" size="sm">
            {order.status}
          </Badge>
        )}
      </Group>
      {open && (
        <ReasonForm
          label="Reason"
          submit={`Refund ${order.credits} credits`}
          color="red"
          onSubmit={(reason) => onRefund(reason).then(() => setOpen(false))}
        />
      )}
    </Stack>
  );
}

type Saver = (change: Promise<AdminUserDetail>) => Promise<unknown>;

export function UserDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const queryClient = useQueryClient();
  const user = useQuery(adminUserQuery(id));
  const [done, setDone] = useState<string | null>(null);
  const save: Saver = (change) =>
    change.then(async (detail) => {
      queryClient.setQueryData(adminUserKeys.detail(id), detail);
      setDone('Saved.');
      await queryClient.invalidateQueries({ queryKey: [...adminUserKeys.all, 'list'] });
    });
  return (
    <DetailFrame query={user} back="Back to the results" onBack={onBack} testId="admin-user-detail">
      {(detail) => (
        <>
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {detail.user.name}
              </Title>
              <Badge color={detail.user.active ? 'green' : 'red'} variant="light">
                {detail.user.active ? 'Active' : 'Deactivated'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {detail.user.email}
              {detail.user.companyName ? ` · ${detail.user.companyName}` : ''} · joined{' '}
              {when.format(new Date(detail.user.createdAt))}
            </Text>
            <Group gap={4}>
              {detail.user.roles.map((role) => (
                <Badge key={role} variant="outline" size="sm">
                  {ROLE_LABELS[role] ?? role}
                </Badge>
              ))}
            </Group>
            {detail.user.kind === 'general' && (
              <Text size="sm">
                {detail.referralRequests} referral{' '}
                {detail.referralRequests === 1 ? 'request' : 'requests'}
              </Text>
            )}
          </Stack>
          {done && (
            <Alert color="green" role="status" p="xs" withCloseButton onClose={() => setDone(null)}>
              {done}
            </Alert>
          )}
          {detail.isYou ? (
            <Text size="sm" c="dimmed">
              This is you: another admin changes your roles or status.
            </Text>
          ) : (
            <>
              <Card withBorder padding="sm">
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    {detail.user.active ? 'Deactivate' : 'Reactivate'}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {detail.user.active
                      ? 'They are signed out and refused on every call until reactivated.'
                      : 'They can sign in and use the product again.'}
                  </Text>
                  <ReasonForm
                    key={String(detail.user.active)}
                    label="Reason"
                    submit={detail.user.active ? 'Deactivate' : 'Reactivate'}
                    color={detail.user.active ? 'red' : 'green'}
                    testId="status-form"
                    onSubmit={(reason) =>
                      save(setUserStatus(detail.user.id, !detail.user.active, reason))
                    }
                  />
                </Stack>
              </Card>
              <RolesSection key={detail.user.roles.join()} detail={detail} onSaved={save} />
            </>
          )}
          {detail.credits && <CreditsSection detail={detail} onSaved={save} />}
          {detail.payments.length > 0 && (
            <Card withBorder padding="sm">
              <Stack gap={4}>
                <Title order={2} size="h4">
                  Payments
                </Title>
                {detail.payments.map((order) => (
                  <PaymentRow
                    key={order.id}
                    order={order}
                    onRefund={(reason) =>
                      refundPayment(order.id, reason).then(() =>
                        queryClient.invalidateQueries({ queryKey: adminUserKeys.detail(id) }),
                      )
                    }
                  />
                ))}
              </Stack>
            </Card>
          )}
          <Button variant="subtle" onClick={onBack} style={{ alignSelf: 'flex-start' }}>
            Back to the results
          </Button>
        </>
      )}
    </DetailFrame>
  );
}
