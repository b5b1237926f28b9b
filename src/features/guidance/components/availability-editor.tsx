/**
 * The referee's weekly availability (issue 19 part 1): windows per weekday in their own time
 * zone (Asia/Kolkata by default), from which the server cuts free slots. Saved through the
 * outbox (the newest unsent version replaces older ones).
 */
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  DEFAULT_TIME_ZONE,
  GuidanceErrors,
  GuidanceLimits,
  type AvailabilityWindow,
} from '@/domain/contract/guidance';
import { enqueueAction } from '@/lib/outbox';
import { deviceTimeZone } from '../slot-days';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Zones a referee in India (or abroad) most likely needs; theirs and the saved one are added. */
const COMMON_ZONES = [
  'Asia/Kolkata',
  'Asia/Dubai',
  'Asia/Singapore',
  'Europe/London',
  'America/New_York',
  'America/Los_Angeles',
];

/** A window ends after it starts on the same day; windows on one day do not overlap. */
export function windowProblem(windows: readonly AvailabilityWindow[]): string | null {
  for (const w of windows) if (w.end <= w.start) return GuidanceErrors.badWindow;
  for (let day = 1; day <= 7; day += 1) {
    const sorted = windows
      .filter((w) => w.weekday === day)
      .sort((a, b) => a.start.localeCompare(b.start));
    for (let i = 1; i < sorted.length; i += 1) {
      if (sorted[i]!.start < sorted[i - 1]!.end) return GuidanceErrors.overlappingWindows;
    }
  }
  return null;
}

export function AvailabilityEditor({
  timeZone,
  windows,
  userId,
}: {
  timeZone: string;
  windows: readonly AvailabilityWindow[];
  userId: string;
}) {
  const [zone, setZone] = useState(timeZone || DEFAULT_TIME_ZONE);
  const [rows, setRows] = useState<AvailabilityWindow[]>([...windows]);
  const [saved, setSaved] = useState(false);
  const zones = [...new Set([zone, deviceTimeZone(), ...COMMON_ZONES])];
  const problem = windowProblem(rows);
  const edit = (next: AvailabilityWindow[]) => {
    setRows(next);
    setSaved(false);
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="availability-heading"
      data-testid="availability-editor"
    >
      <Stack gap="xs">
        <Title order={2} size="h3" id="availability-heading">
          Weekly availability
        </Title>
        <Text size="sm" c="dimmed">
          Candidates book live sessions inside these hours. Bookings start at least an hour from now
          and up to two weeks ahead.
        </Text>
        <Select
          label="Time zone"
          data={zones}
          value={zone}
          allowDeselect={false}
          searchable
          onChange={(v) => {
            if (v) {
              setZone(v);
              setSaved(false);
            }
          }}
        />
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No hours yet: candidates cannot book your live services.
          </Text>
        )}
        {rows.map((row, index) => (
          <Group
            key={index}
            gap="xs"
            wrap="nowrap"
            align="flex-end"
            data-testid="availability-window"
          >
            <Select
              label={index === 0 ? 'Day' : undefined}
              aria-label="Day"
              data={WEEKDAYS.map((d, i) => ({ value: String(i + 1), label: d.slice(0, 3) }))}
              value={String(row.weekday)}
              allowDeselect={false}
              onChange={(v) =>
                v && edit(rows.map((r, i) => (i === index ? { ...r, weekday: Number(v) } : r)))
              }
              style={{ flex: '0 0 84px' }}
            />
            <TextInput
              label={index === 0 ? 'From' : undefined}
              aria-label="From"
              type="time"
              value={row.start}
              onChange={(e) =>
                edit(rows.map((r, i) => (i === index ? { ...r, start: e.currentTarget.value } : r)))
              }
              style={{ flex: 1, minWidth: 0 }}
            />
            <TextInput
              label={index === 0 ? 'To' : undefined}
              aria-label="To"
              type="time"
              value={row.end}
              onChange={(e) =>
                edit(rows.map((r, i) => (i === index ? { ...r, end: e.currentTarget.value } : r)))
              }
              style={{ flex: 1, minWidth: 0 }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Remove these hours"
              onClick={() => edit(rows.filter((_, i) => i !== index))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        {problem && (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={rows.length >= GuidanceLimits.windowsMax}
            onClick={() => edit([...rows, { weekday: 6, start: '10:00', end: '13:00' }])}
          >
            Add hours
          </Button>
          <Button
            size="xs"
            disabled={problem !== null}
            onClick={() => {
              void enqueueAction({
                kind: 'guidanceAvailability',
                userId,
                subject: 'guidance-availability',
                payload: { timeZone: zone, windows: rows },
              });
              setSaved(true);
            }}
          >
            {saved ? 'Saved' : 'Save availability'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
