/**
 * What either side can do to a booking, shown only when the server lists the action for the
 * caller (`BookingDto.actions`): cancel and move (with the cut-off said before the button),
 * rate after delivery (candidate); meeting link, deliver (with the file for resume writing) and
 * missed (referee). Every one is an outbox action: written on the device first, sent once.
 */
import {
  Alert,
  Button,
  FileInput,
  Group,
  Rating,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DELIVERY_ACCEPT,
  DELIVERY_FILE_TYPES,
  DELIVERY_MAX_BYTES,
  GuidanceErrors,
  GuidanceLimits,
  isLiveKind,
  type BookingDto,
} from '@/domain/contract/guidance';
import { enqueueAction, guidanceBookingSubject, type OutboxKind } from '@/lib/outbox';
import { serviceSlotsQuery } from '../api/guidance-queries';
import { bookingWhen, cutoffAt, cutoffText, kindLabel } from '../booking-text';
import { SlotPicker } from './slot-picker';

type Panel = 'cancel' | 'reschedule' | 'rate' | 'deliver' | 'link' | null;

export function BookingActions({
  booking,
  userId,
  timeZone,
  queued,
}: {
  booking: BookingDto;
  userId: string;
  timeZone: string;
  /** An action on this booking waits on the device: no second one until it is sent. */
  queued: boolean;
}) {
  const [panel, setPanel] = useState<Panel>(null);
  // The moment the card was drawn: the cut-off and "started" are read against it.
  const [now] = useState(() => Date.now());
  const can = new Set(booking.actions);
  const label = [kindLabel(booking.kind), bookingWhen(booking, timeZone)]
    .filter(Boolean)
    .join(', ');
  const base = { bookingId: booking.id, label };
  const subject = guidanceBookingSubject(booking.id);
  const live = isLiveKind(booking.kind);
  const beforeCutoff = !booking.startsAt || now < cutoffAt(booking.startsAt).getTime();
  const started = booking.startsAt !== null && now >= new Date(booking.startsAt).getTime();
  const close = () => setPanel(null);
  /** Queues one move of this booking (sent once, offline too) and closes its form. */
  const send = <K extends OutboxKind>(
    kind: K,
    payload: Parameters<typeof enqueueAction<K>>[0]['payload'],
  ) => {
    void enqueueAction<K>({ kind, userId, subject, payload });
    close();
  };

  const buttons: { key: Exclude<Panel, null>; text: string; show: boolean }[] = [
    { key: 'rate', text: 'Rate and review', show: can.has('rate') },
    {
      key: 'link',
      text: booking.meetingUrl ? 'Change meeting link' : 'Add meeting link',
      show: can.has('link'),
    },
    { key: 'deliver', text: 'Mark delivered', show: can.has('deliver') },
    { key: 'reschedule', text: 'Move', show: can.has('reschedule') && live && beforeCutoff },
    { key: 'cancel', text: 'Cancel', show: can.has('cancel') && booking.state !== 'requested' },
  ];
  const shown = buttons.filter((b) => b.show);
  // The rule is said on every confirmed session, also once it has passed (why no Cancel).
  const showCutoff =
    booking.state === 'confirmed' && (booking.startsAt !== null || can.has('cancel'));
  if (shown.length === 0 && !can.has('noShow') && !showCutoff) return null;

  return (
    <Stack gap="xs">
      {showCutoff && (
        <Text size="xs" c="dimmed" data-testid="cutoff-text">
          {cutoffText(booking, timeZone)}
        </Text>
      )}
      {panel === null && (
        <Group gap="xs">
          {shown.map((b) => (
            <Button
              key={b.key}
              size="xs"
              variant={
                b.key === 'cancel'
                  ? 'subtle'
                  : b.key === 'rate' || b.key === 'deliver'
                    ? 'filled'
                    : 'default'
              }
              color={b.key === 'cancel' ? 'red' : undefined}
              disabled={queued}
              onClick={() => setPanel(b.key)}
            >
              {b.text}
            </Button>
          ))}
          {can.has('noShow') && started && (
            <Button
              size="xs"
              variant="subtle"
              disabled={queued}
              onClick={() =>
                void enqueueAction({ kind: 'guidanceNoShow', userId, subject, payload: base })
              }
            >
              Candidate did not come
            </Button>
          )}
        </Group>
      )}
      {panel === 'cancel' && (
        <CancelForm
          booking={booking}
          onCancel={close}
          onConfirm={(reason) => send('guidanceCancel', { ...base, ...(reason ? { reason } : {}) })}
        />
      )}
      {panel === 'reschedule' && (
        <RescheduleForm
          booking={booking}
          timeZone={timeZone}
          onCancel={close}
          onConfirm={(startsAt) => send('guidanceReschedule', { ...base, startsAt })}
        />
      )}
      {panel === 'rate' && (
        <RateForm
          onCancel={close}
          onConfirm={(rating, review) =>
            send('guidanceRate', { ...base, rating, ...(review ? { review } : {}) })
          }
        />
      )}
      {panel === 'link' && (
        <LinkForm
          current={booking.meetingUrl}
          onCancel={close}
          onConfirm={(meetingUrl) => send('guidanceLink', { ...base, meetingUrl })}
        />
      )}
      {panel === 'deliver' && (
        <DeliverForm
          needsFile={!live}
          onCancel={close}
          onConfirm={(note, file) =>
            send('guidanceDeliver', {
              ...base,
              ...(note ? { note } : {}),
              ...(file ? { file: { file, fileName: file.name, mimeType: file.type } } : {}),
            })
          }
        />
      )}
    </Stack>
  );
}

function FormButtons({
  confirm,
  onCancel,
  disabled,
  color,
}: {
  confirm: string;
  onCancel: () => void;
  disabled?: boolean;
  color?: string;
}) {
  return (
    <Group gap="xs">
      <Button size="xs" type="submit" disabled={disabled} color={color}>
        {confirm}
      </Button>
      <Button size="xs" variant="default" onClick={onCancel}>
        Back
      </Button>
    </Group>
  );
}

function CancelForm({
  booking,
  onConfirm,
  onCancel,
}: {
  booking: BookingDto;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const refundNote =
    booking.role === 'referee'
      ? 'The candidate gets a full refund to their guidance wallet.'
      : 'The full fee goes back to your guidance wallet, to use for another booking.';
  return (
    <Stack
      gap="xs"
      component="form"
      data-testid="cancel-form"
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm(reason.trim());
      }}
    >
      <Text size="sm">{refundNote}</Text>
      <Textarea
        label="Reason (optional)"
        autosize
        minRows={2}
        maxLength={GuidanceLimits.reasonMax}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
      <FormButtons confirm="Cancel booking" color="red" onCancel={onCancel} />
    </Stack>
  );
}

function RescheduleForm({
  booking,
  timeZone,
  onConfirm,
  onCancel,
}: {
  booking: BookingDto;
  timeZone: string;
  onConfirm: (startsAt: string) => void;
  onCancel: () => void;
}) {
  const slots = useQuery(serviceSlotsQuery(booking.serviceId));
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack
      gap="xs"
      component="form"
      data-testid="reschedule-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (selected) onConfirm(selected);
      }}
    >
      {slots.data ? (
        <SlotPicker
          slots={slots.data.slots}
          timeZone={timeZone}
          selected={selected}
          onSelect={setSelected}
          limitDays={7}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {slots.isError
            ? 'Free times could not be loaded. Moving a session needs a connection.'
            : 'Loading free times…'}
        </Text>
      )}
      <FormButtons confirm="Move here" disabled={!selected} onCancel={onCancel} />
    </Stack>
  );
}

function RateForm({
  onConfirm,
  onCancel,
}: {
  onConfirm: (rating: number, review: string) => void;
  onCancel: () => void;
}) {
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  return (
    <Stack
      gap="xs"
      component="form"
      data-testid="rate-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (rating > 0) onConfirm(rating, review.trim());
      }}
    >
      <Text size="sm" id="rating-label">
        How was it?
      </Text>
      <Rating value={rating} onChange={setRating} size="lg" aria-labelledby="rating-label" />
      <Textarea
        label="Review (optional)"
        autosize
        minRows={2}
        maxLength={GuidanceLimits.reviewMax}
        value={review}
        onChange={(e) => setReview(e.currentTarget.value)}
      />
      <FormButtons confirm="Send review" disabled={rating === 0} onCancel={onCancel} />
    </Stack>
  );
}

function LinkForm({
  current,
  onConfirm,
  onCancel,
}: {
  current: string | null;
  onConfirm: (url: string) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(current ?? '');
  const valid = /^https:\/\/\S+$/.test(url.trim());
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onConfirm(url.trim());
      }}
    >
      <TextInput
        label="Meeting link"
        placeholder="https://meet.google.com/…"
        value={url}
        maxLength={GuidanceLimits.meetingUrlMax}
        onChange={(e) => setUrl(e.currentTarget.value)}
        error={url.trim() && !valid ? 'Paste the https:// link of your video call.' : undefined}
      />
      <FormButtons confirm="Save link" disabled={!valid} onCancel={onCancel} />
    </Stack>
  );
}

function DeliverForm({
  needsFile,
  onConfirm,
  onCancel,
}: {
  needsFile: boolean;
  onConfirm: (note: string, file: File | null) => void;
  onCancel: () => void;
}) {
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileError = file
    ? !(file.type in DELIVERY_FILE_TYPES)
      ? GuidanceErrors.wrongFileType
      : file.size > DELIVERY_MAX_BYTES
        ? 'The file must be under 2 MB.'
        : null
    : null;
  const ready = !needsFile || (file !== null && fileError === null);
  return (
    <Stack
      gap="xs"
      component="form"
      data-testid="deliver-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onConfirm(note.trim(), file);
      }}
    >
      {needsFile && (
        <FileInput
          label="Finished CV (PDF or Word, under 2 MB)"
          placeholder="Choose a file"
          accept={DELIVERY_ACCEPT}
          value={file}
          onChange={setFile}
          error={fileError}
          clearable
        />
      )}
      <Textarea
        label="Note for the candidate (optional)"
        autosize
        minRows={2}
        maxLength={GuidanceLimits.noteMax}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      {needsFile && !file && (
        <Alert color="gray" variant="light" p="xs">
          <Text size="xs">{GuidanceErrors.fileRequired}</Text>
        </Alert>
      )}
      <FormButtons confirm="Mark delivered" disabled={!ready} onCancel={onCancel} />
    </Stack>
  );
}
