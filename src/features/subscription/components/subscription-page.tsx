/**
 * The subscription page (issue 18, spec §2 `/v1/candidate/subscription`, the "+ Referrals"
 * link): the balance, a confirmation banner per payment in flight, the plans with the platform
 * fee, the ledger's history and the receipts. The account is the persisted
 * `GET /payments/account` answer, so the page reads offline after one visit.
 */
import { Alert, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession, type SessionSummary } from '@/lib/auth';
import { paymentAccountQuery } from '@/lib/payments';
import { SignInPrompt } from '@/lib/ui/sign-in-prompt';
import { useBuyPlan } from '../use-buy-plan';
import { usePaymentConfirmation, type CheckoutReturn } from '../use-payment-confirmation';
import { History } from './history';
import { PaymentBanner } from './payment-banner';
import { Plans } from './plans';

export interface SubscriptionPageProps {
  /** What the checkout handed back in the URL (local gateway / redirect flow). */
  readonly checkoutReturn: CheckoutReturn;
  readonly clearReturn: () => void;
}

export function SubscriptionPage(props: SubscriptionPageProps) {
  const session = useSession();
  return (
    <Container size="sm" px="md" py="lg" data-testid="subscription-page">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Referral credits
        </Title>
        {session ? (
          <Account session={session} {...props} />
        ) : (
          <SignInPrompt what="to buy referral credits." />
        )}
      </Stack>
    </Container>
  );
}

function Account({
  session,
  checkoutReturn,
  clearReturn,
}: SubscriptionPageProps & { session: SessionSummary }) {
  const account = useQuery(paymentAccountQuery(session.sub));
  const confirmation = usePaymentConfirmation(session.sub, checkoutReturn, clearReturn);
  const buying = useBuyPlan(session.sub);
  const data = account.data;

  return (
    <>
      <Group justify="space-between" align="baseline" wrap="wrap">
        <Text size="lg" data-testid="subscription-balance">
          Referrals left: <strong>{data ? data.balance : '—'}</strong>
        </Text>
        {data && data.held > 0 && (
          <Text size="sm" c="dimmed">
            {data.held} held by open requests
          </Text>
        )}
      </Group>
      {account.isError && data && (
        <Text size="sm" c="dimmed" data-testid="subscription-offline">
          Showing what was saved on this device.
        </Text>
      )}
      {confirmation.pending.map((payment) => (
        <PaymentBanner
          key={payment.orderId}
          payment={payment}
          gaveUp={confirmation.gaveUp.has(payment.orderId)}
          onDismiss={() => confirmation.dismiss(payment.orderId)}
        />
      ))}
      {buying.error && (
        <Alert color="red" variant="light" data-testid="buy-error">
          {buying.error}
        </Alert>
      )}
      {data ? (
        <>
          <Plans
            plans={data.plans}
            fee={data.fee}
            disabled={confirmation.busy || buying.opening !== null}
            opening={buying.opening}
            onBuy={buying.buy}
          />
          <History entries={data.entries} orders={data.orders} />
        </>
      ) : account.isError ? (
        <Text c="dimmed">
          Your credits could not be loaded. Check your connection and try again.
        </Text>
      ) : (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={90} />
          <Skeleton height={90} />
          <Skeleton height={90} />
        </Stack>
      )}
    </>
  );
}
