/**
 * My sessions (issue 19 part 3) at `/guidance/bookings`, the contract's checkout return path:
 * the candidate's bookings, upcoming then past, each with its state, time, link or file and the
 * actions open to them; the guidance wallet; and the payment confirmation a checkout came back
 * for. The list is the persisted `GET /guidance/bookings/mine` answer, so it reads offline.
 */
import { Alert, Anchor, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { GUIDANCE_CHECKOUT_RETURN_PATH } from '@/domain/contract/guidance';
import { formatRupees } from '@/domain/contract/payments';
import { useConnectivity } from '@/lib/api';
import { useSession, type SessionSummary } from '@/lib/auth';
import { useOutboxActions, useOutboxEvents } from '@/lib/outbox';
import { guidanceKeys, myBookingsQuery, walletQuery } from '../api/guidance-queries';
import { isUpcoming } from '../booking-text';
import { deviceTimeZone } from '../slot-days';
import {
  useBookingPaymentConfirmation,
  type CheckoutReturn,
} from '../use-booking-payment-confirmation';
import { BookingCard } from './booking-card';
import { SignInPrompt } from '@/lib/ui/sign-in-prompt';
import { QueryLoading } from '@/lib/ui/query-loading';

export type { CheckoutReturn };

export interface MySessionsPageProps {
  readonly checkoutReturn: CheckoutReturn;
  readonly clearReturn: () => void;
}

export function MySessionsPage(props: MySessionsPageProps) {
  const session = useSession();
  return (
    <Container size="sm" px="md" py="lg" data-testid="my-sessions">
      <Stack gap="md">
        <Title order={1} size="h2">
          My sessions
        </Title>
        {session ? (
          <Sessions session={session} {...props} />
        ) : (
          <SignInPrompt what="to see your guidance sessions." />
        )}
      </Stack>
    </Container>
  );
}

const isGuidanceKind = (kind: string) => kind.startsWith('guidance');

function Sessions({
  session,
  checkoutReturn,
  clearReturn,
}: MySessionsPageProps & { session: SessionSummary }) {
  const queryClient = useQueryClient();
  const connectivity = useConnectivity();
  const list = useQuery(myBookingsQuery(session.sub));
  const wallet = useQuery(walletQuery(session.sub));
  const actions = useOutboxActions(session.sub).filter((a) => isGuidanceKind(a.kind));
  useOutboxEvents((event) => {
    if (event.type === 'changed' && event.state === 'done' && isGuidanceKind(event.kind)) {
      void queryClient.invalidateQueries({ queryKey: guidanceKeys.user(session.sub) });
    }
  });
  const confirmation = useBookingPaymentConfirmation(
    session.sub,
    checkoutReturn,
    clearReturn,
    list.data,
  );
  const timeZone = deviceTimeZone();
  const bookings = list.data ?? [];
  const upcoming = bookings.filter(isUpcoming);
  const past = bookings.filter((b) => !isUpcoming(b));
  const card = (booking: (typeof bookings)[number]) => (
    <li key={booking.id}>
      <BookingCard
        booking={booking}
        userId={session.sub}
        timeZone={timeZone}
        queued={actions.filter((a) => a.subject === `guidance:${booking.id}`)}
        confirming={confirmation.confirmingBooking === booking.id}
      />
    </li>
  );

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" data-testid="wallet-balance">
          Guidance wallet: <strong>{wallet.data ? formatRupees(wallet.data.balance) : '—'}</strong>
        </Text>
        <Anchor component={Link} to="/guidance" size="sm">
          Book guidance
        </Anchor>
      </Group>
      {confirmation.state === 'confirming' && (
        <Alert color="blue" variant="light" data-testid="payment-confirming">
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" />
            <Text size="sm" role="status">
              Confirming payment…
            </Text>
          </Group>
        </Alert>
      )}
      {confirmation.state === 'paid' && (
        <Alert
          color="green"
          variant="light"
          title="Payment received"
          data-testid="payment-paid"
          withCloseButton
          onClose={confirmation.dismiss}
        >
          <Text size="sm">Your session is confirmed.</Text>
        </Alert>
      )}
      {confirmation.state === 'failed' && (
        <Alert
          color="red"
          variant="light"
          title="Payment failed"
          data-testid="payment-failed"
          withCloseButton
          onClose={confirmation.dismiss}
        >
          <Text size="sm">
            Nothing was charged. Your slot stays held for a few minutes: try paying again below.
          </Text>
        </Alert>
      )}
      {confirmation.state === 'waiting' && (
        <Alert
          color="yellow"
          variant="light"
          title="Payment not received yet"
          data-testid="payment-waiting"
        >
          <Text size="sm">
            We have not heard about your payment yet. If you paid, your session is confirmed here by
            itself.
          </Text>
        </Alert>
      )}
      {/* Offline the refresh is paused rather than failed (networkMode offlineFirst), so the
          connection is asked too, as on the companies page. */}
      {(list.isError || connectivity === 'offline') && bookings.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="sessions-offline">
          Showing the sessions saved on this device.
        </Text>
      )}
      {list.isPending && bookings.length === 0 ? (
        <QueryLoading query={list} skeletons={[120, 120]} />
      ) : bookings.length === 0 ? (
        <Text c="dimmed" data-testid="sessions-empty">
          {list.isError
            ? 'Your sessions could not be loaded. Check your connection and try again.'
            : 'You have not booked a session yet.'}{' '}
          <Anchor component={Link} to="/guidance">
            Find a company
          </Anchor>
        </Text>
      ) : (
        <>
          <Title order={2} size="h4">
            Upcoming
          </Title>
          {upcoming.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing coming up.
            </Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {upcoming.map(card)}
            </Stack>
          )}
          {past.length > 0 && (
            <>
              <Title order={2} size="h4">
                Past
              </Title>
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {past.map(card)}
              </Stack>
            </>
          )}
        </>
      )}
    </>
  );
}

export const SESSIONS_PATH = GUIDANCE_CHECKOUT_RETURN_PATH;
