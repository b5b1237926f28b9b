/**
 * Free slots grouped by the viewer's day, in their time zone (named once above the list), each a
 * button; the chosen one is pressed. Used to book and to move a session.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { groupSlotsByDay, timeText, timeZoneName } from '../slot-days';

export function SlotPicker({
  slots,
  timeZone,
  selected,
  onSelect,
  limitDays,
}: {
  slots: readonly string[];
  timeZone: string;
  selected: string | null;
  onSelect: (startsAt: string) => void;
  limitDays?: number;
}) {
  // A phone shows a few days at a time (two weeks of half-hours is hundreds of buttons).
  const [shownDays, setShownDays] = useState(limitDays ?? DAYS_AT_A_TIME);
  const all = groupSlotsByDay(
    slots.map((startsAt) => ({ startsAt })),
    timeZone,
  );
  const days = all.slice(0, shownDays);
  if (days.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-slots">
        No free times in the next two weeks.
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="slot-picker">
      <Text size="xs" c="dimmed">
        Times in {timeZoneName(timeZone)} (your time zone)
      </Text>
      {days.map((day) => (
        <div key={day.key}>
          <Text size="sm" fw={600} mb={4}>
            {day.label}
          </Text>
          <Group gap={6}>
            {day.slots.map(({ startsAt }) => {
              const on = selected === startsAt;
              return (
                <Button
                  key={startsAt}
                  size="compact-sm"
                  variant={on ? 'filled' : 'default'}
                  aria-pressed={on}
                  onClick={() => onSelect(startsAt)}
                  data-testid="slot"
                  data-starts-at={startsAt}
                >
                  {timeText(new Date(startsAt), timeZone)}
                </Button>
              );
            })}
          </Group>
        </div>
      ))}
      {all.length > days.length && (
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setShownDays((n) => n + DAYS_AT_A_TIME)}
        >
          More days
        </Button>
      )}
    </Stack>
  );
}

const DAYS_AT_A_TIME = 3;
