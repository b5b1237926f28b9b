/** One payment in flight (issue 18): confirming, received or failed, as the server said. */
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { PendingPayment } from '@/lib/db';
import { creditsText } from '../text';

export function PaymentBanner({
  payment,
  gaveUp,
  onDismiss,
}: {
  payment: PendingPayment;
  gaveUp: boolean;
  onDismiss: () => void;
}) {
  const what = payment.credits > 0 ? ` for ${creditsText(payment.credits)}` : '';
  if (payment.state === 'paid') {
    return (
      <Alert color="green" variant="light" title="Payment received" data-testid="payment-paid">
        <Text size="sm">
          {payment.credits > 0
            ? `${creditsText(payment.credits)} added to your balance.`
            : 'Your credits were added.'}
        </Text>
        <Button size="xs" variant="subtle" mt="xs" onClick={onDismiss}>
          Dismiss
        </Button>
      </Alert>
    );
  }
  if (payment.state === 'failed') {
    return (
      <Alert color="red" variant="light" title="Payment failed" data-testid="payment-failed">
        <Text size="sm">
          Your balance is unchanged. If money left your account, it is credited here automatically
          once the bank confirms it, or refunded by the bank.
        </Text>
        <Button size="xs" variant="subtle" mt="xs" onClick={onDismiss}>
          Dismiss
        </Button>
      </Alert>
    );
  }
  if (gaveUp) {
    return (
      <Alert
        color="yellow"
        variant="light"
        title="Payment not received yet"
        data-testid="payment-waiting"
      >
        <Text size="sm">
          We have not heard about your payment{what} yet. If you paid, the credits appear here by
          themselves.
        </Text>
        <Button size="xs" variant="subtle" mt="xs" onClick={onDismiss}>
          Dismiss
        </Button>
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" data-testid="payment-confirming">
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" />
        <Text size="sm" role="status">
          Confirming payment{what}…
        </Text>
      </Group>
    </Alert>
  );
}
