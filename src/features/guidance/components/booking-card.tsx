/**
 * One booking as either side sees it (issue 19 part 3): what and when (in the viewer's zone),
 * its state, the meeting link once confirmed, the delivered file (a short-lived signed link asked
 * for on tap), refunds, the review, and the actions the server allows the viewer now. A payment
 * being confirmed reads "Confirming payment…", never "Waiting for payment"; an action waiting on
 * the device is said on the card.
 */
import { Anchor, Badge, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { GuidanceErrors, candidateCvShared, type BookingDto } from '@/domain/contract/guidance';
import { formatRupees } from '@/domain/contract/payments';
import { actionLabel, type OutboxEntry } from '@/lib/outbox';
import { SignedFileLink } from '@/lib/ui/signed-file-link';
import { fetchCandidateCvLink, fetchDeliveredFileLink } from '../api/guidance-queries';
import { bookingWhen, feeText, kindLabel, stateColour, stateLabel } from '../booking-text';
import { BookingActions } from './booking-actions';
import { PayStep } from './pay-step';

export function BookingCard({
  booking,
  userId,
  timeZone,
  queued,
  confirming,
}: {
  booking: BookingDto;
  userId: string;
  timeZone: string;
  /** This viewer's actions on the booking still on the device. */
  queued: readonly OutboxEntry[];
  /** The checkout came back for this booking and the server is being asked. */
  confirming: boolean;
}) {
  const when = bookingWhen(booking, timeZone);
  const who =
    booking.role === 'candidate'
      ? [booking.counterpart.designation, `at ${booking.companyName}`].filter(Boolean).join(' ')
      : booking.counterpart.name
        ? `with ${booking.counterpart.name}`
        : null;
  const waiting = queued.find((a) => a.state !== 'failed');
  const failed = queued.find((a) => a.state === 'failed');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="booking"
      data-booking-id={booking.id}
      data-state={booking.state}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{kindLabel(booking.kind)}</Text>
            {who && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {who}
              </Text>
            )}
          </div>
          {confirming && booking.state === 'requested' ? (
            <Badge color="blue" variant="light" data-testid="booking-state" style={NO_SHRINK}>
              Confirming payment
            </Badge>
          ) : (
            <Badge
              color={stateColour(booking.state)}
              variant="light"
              data-testid="booking-state"
              style={NO_SHRINK}
            >
              {stateLabel(booking.state)}
            </Badge>
          )}
        </Group>
        {when && <Text size="sm">{when}</Text>}
        <Text size="sm" c="dimmed">
          {feeText(booking.fee)}
          {booking.paidWith === 'wallet' ? ' · paid from wallet' : booking.paidAt ? ' · paid' : ''}
        </Text>
        {booking.state === 'confirmed' && booking.meetingUrl && (
          <Anchor href={booking.meetingUrl} target="_blank" rel="noopener noreferrer" size="sm">
            Join the video call
          </Anchor>
        )}
        {booking.state === 'confirmed' && !booking.meetingUrl && booking.startsAt && (
          <Text size="xs" c="dimmed">
            {booking.role === 'referee'
              ? 'Add the link of your video call so the candidate can join.'
              : 'The referee will add the video call link here.'}
          </Text>
        )}
        {booking.role === 'referee' &&
          candidateCvShared(booking) &&
          (booking.candidateHasCv ? (
            <SignedFileLink
              label="Open the candidate's CV"
              what="the candidate's CV"
              fetchLink={() => fetchCandidateCvLink(booking.id)}
              testId="candidate-cv-message"
            />
          ) : (
            <Text size="xs" c="dimmed" data-testid="candidate-cv-missing">
              {GuidanceErrors.candidateNoCv}
            </Text>
          ))}
        {booking.hasFile && (
          <SignedFileLink
            label="Open the delivered file"
            what="the delivered file"
            fetchLink={() => fetchDeliveredFileLink(booking.id)}
          />
        )}
        {booking.deliveryNote && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            “{booking.deliveryNote}”
          </Text>
        )}
        {booking.note && booking.role === 'referee' && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            Note: {booking.note}
          </Text>
        )}
        {booking.state === 'cancelled' && (
          <Text size="sm" c="dimmed">
            {booking.cancelledBy === 'referee'
              ? 'Cancelled by the referee.'
              : booking.cancelledBy === 'candidate'
                ? 'Cancelled by the candidate.'
                : 'Cancelled.'}
            {booking.refunded > 0
              ? ` ${formatRupees(booking.refunded)} refunded to the guidance wallet.`
              : ''}
          </Text>
        )}
        {booking.rating !== null && (
          <Text
            size="sm"
            aria-label={`Rated ${booking.rating} of 5${booking.review ? `: ${booking.review}` : ''}`}
          >
            {'★'.repeat(booking.rating)}
            {'☆'.repeat(5 - booking.rating)}
            {booking.review ? ` “${booking.review}”` : ''}
          </Text>
        )}
        {confirming && booking.state === 'requested' ? (
          <Group gap="xs" wrap="nowrap" role="status">
            <Loader size="xs" />
            <Text size="sm">Confirming payment…</Text>
          </Group>
        ) : booking.state === 'requested' && booking.actions.includes('pay') ? (
          <PayStep booking={booking} userId={userId} timeZone={timeZone} />
        ) : null}
        {waiting && (
          <Text size="xs" c="dimmed" data-testid="booking-queued">
            {actionLabel(waiting, 'Change')}: waiting to send.
          </Text>
        )}
        {failed && (
          <Text size="xs" c="red.8" role="alert">
            {actionLabel(failed, 'Change')} not done: {failed.lastError}
          </Text>
        )}
        <BookingActions
          booking={booking}
          userId={userId}
          timeZone={timeZone}
          queued={waiting !== undefined}
        />
      </Stack>
    </Card>
  );
}

/** A state badge keeps its whole word; the title beside it wraps instead. */
const NO_SHRINK = { flexShrink: 0 } as const;
