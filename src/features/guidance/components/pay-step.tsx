/**
 * Pay for a requested booking (issue 19 part 2): how long the slot is held, then "Pay from
 * wallet" when the wallet covers the fee, and "Pay online" through the provider.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BookingDto } from '@/domain/contract/guidance';
import { formatRupees } from '@/domain/contract/payments';
import { walletQuery } from '../api/guidance-queries';
import { timeText, timeZoneName } from '../slot-days';
import { usePayBooking } from '../use-pay-booking';

export function PayStep({
  booking,
  userId,
  timeZone,
  onPaid,
}: {
  booking: BookingDto;
  userId: string;
  timeZone: string;
  onPaid?: (bookingId: string) => void;
}) {
  const wallet = useQuery(walletQuery(userId));
  const payment = usePayBooking(onPaid);
  const balance = wallet.data?.balance ?? 0;
  const covers = balance >= booking.amount && booking.amount > 0;
  const busy = payment.paying === booking.id;
  return (
    <Stack gap="xs" data-testid="pay-step">
      {booking.heldUntil && (
        <Text size="sm">
          Your slot is held until {timeText(new Date(booking.heldUntil), timeZone)}{' '}
          {timeZoneName(timeZone)}. Pay to confirm it.
        </Text>
      )}
      {covers && (
        <Button loading={busy} onClick={() => payment.pay(booking.id, 'wallet')}>
          Pay {formatRupees(booking.amount)} from wallet
        </Button>
      )}
      {covers && (
        <Text size="xs" c="dimmed">
          Wallet balance {formatRupees(balance)}.
        </Text>
      )}
      <Button
        variant={covers ? 'default' : 'filled'}
        loading={busy}
        onClick={() => payment.pay(booking.id, 'gateway')}
      >
        Pay {formatRupees(booking.amount)} online
      </Button>
      {payment.error && (
        <Alert color="red" variant="light" data-testid="pay-error">
          {payment.error}
        </Alert>
      )}
    </Stack>
  );
}
