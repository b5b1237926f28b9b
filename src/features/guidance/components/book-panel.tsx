/**
 * Book one service (issue 19 part 2): pick a free slot (live kinds) or order (resume writing),
 * add a note, and book through the outbox; then pay. Offline the booking waits on the device and
 * the panel says so; a slot someone else took meanwhile ends with a plain message, nothing
 * charged, and the fresh slots to pick from. Resume writing rewrites the profile's CV: without
 * one the panel says to upload it first and offers no Order button (the server refuses too).
 */
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  GuidanceErrors,
  GuidanceLimits,
  isLiveKind,
  type OfferedService,
} from '@/domain/contract/guidance';
import { SERVICE_UNAVAILABLE_TEXT, SLOT_TAKEN_TEXT } from '@/lib/outbox';
import { basicDetailsQuery } from '@/lib/profile';
import { serviceSlotsQuery } from '../api/guidance-queries';
import { feeText, kindLabel } from '../booking-text';
import { whenText } from '../slot-days';
import { useBook } from '../use-book';
import { PayStep } from './pay-step';
import { SlotPicker } from './slot-picker';
import { QueryLoading } from '@/lib/ui/query-loading';

export function BookPanel({
  service,
  companyName,
  userId,
  timeZone,
  onPaid,
}: {
  service: OfferedService;
  companyName: string;
  userId: string;
  timeZone: string;
  onPaid: (bookingId: string) => void;
}) {
  const live = isLiveKind(service.kind);
  const slots = useQuery({ ...serviceSlotsQuery(service.id), enabled: live });
  // The persisted profile: known offline too. Not known (yet): the server decides.
  const details = useQuery({ ...basicDetailsQuery(userId), enabled: !live });
  const needsCv = !live && details.data !== undefined && !details.data.CV;
  const [selected, setSelected] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const booking = useBook(userId);
  const { phase } = booking;
  // Offline, the slots the company page saved are the ones to pick from.
  const free = slots.data?.slots ?? service.nextSlots;
  // A chosen slot that is no longer free (taken while the booking waited) is not chosen any more.
  const chosen = selected !== null && free.includes(selected) ? selected : null;

  if (phase.kind === 'booked') {
    return phase.booking ? (
      <Stack gap="xs" data-testid="booked">
        <Text size="sm" fw={600}>
          {kindLabel(service.kind)} booked
          {phase.booking.startsAt ? ` for ${whenText(phase.booking.startsAt, timeZone)}` : ''}.
        </Text>
        <PayStep booking={phase.booking} userId={userId} timeZone={timeZone} onPaid={onPaid} />
      </Stack>
    ) : (
      <Text size="sm">
        Booked. Pay for it in{' '}
        <Anchor component={Link} to="/guidance/bookings">
          My sessions
        </Anchor>
        .
      </Text>
    );
  }

  const sending = phase.kind === 'sending';
  const canBook = !sending && (!live || chosen !== null);
  const cvRefused = phase.kind === 'failed' && phase.error === GuidanceErrors.cvRequired;
  if (needsCv || cvRefused) {
    return (
      <Stack gap="xs" data-testid="book-needs-cv">
        <Text size="sm">Upload your CV on your profile first: the referee rewrites that CV.</Text>
        <Anchor component={Link} to="/v1/candidate/profile" size="sm">
          Upload your CV
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="book-panel">
      {(phase.kind === 'taken' || phase.kind === 'unavailable') && (
        <Alert color="yellow" variant="light" data-testid="book-taken">
          {phase.kind === 'taken' ? SLOT_TAKEN_TEXT : SERVICE_UNAVAILABLE_TEXT}
        </Alert>
      )}
      {phase.kind === 'failed' && (
        <Alert color="red" variant="light" data-testid="book-failed">
          {phase.error}
          {/profile/i.test(phase.error) && (
            <>
              {' '}
              <Anchor component={Link} to="/post-signup-form" size="sm">
                Complete your profile
              </Anchor>
            </>
          )}
        </Alert>
      )}
      {live ? (
        slots.isPending && free.length === 0 ? (
          <QueryLoading
            query={slots}
            placeholder={<Loader size="sm" aria-label="Loading free times" />}
          />
        ) : (
          <SlotPicker
            slots={free}
            timeZone={timeZone}
            selected={chosen}
            onSelect={(startsAt) => {
              setSelected(startsAt);
              if (phase.kind !== 'idle') booking.reset();
            }}
          />
        )
      ) : (
        <Text size="sm">
          Tell the referee your target role and what to improve in the note. The rewritten CV is
          delivered here as a file within{' '}
          {service.deliveryDays ?? GuidanceLimits.defaultDeliveryDays} days of paying.
        </Text>
      )}
      <Textarea
        label="Note for the referee (optional)"
        placeholder={
          live ? 'What would you like to work on?' : 'Your target role and CV highlights'
        }
        autosize
        minRows={2}
        maxLength={GuidanceLimits.noteMax}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      {sending && (
        <Group gap="xs" wrap="nowrap" role="status">
          <Loader size="xs" />
          <Text size="sm">
            {booking.offline
              ? 'Saved on this device: your booking is sent when you are back online.'
              : 'Booking…'}
          </Text>
        </Group>
      )}
      <Button
        disabled={!canBook}
        onClick={() =>
          void booking.book({
            serviceId: service.id,
            ...(live && chosen ? { startsAt: chosen, whenText: whenText(chosen, timeZone) } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
            serviceLabel: kindLabel(service.kind),
            companyName,
          })
        }
      >
        {live
          ? chosen
            ? `Book ${whenText(chosen, timeZone)}`
            : 'Pick a time'
          : `Order for ${feeText(service.fee)}`}
      </Button>
    </Stack>
  );
}
