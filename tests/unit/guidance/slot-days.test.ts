/**
 * Slot times as the viewer reads them (issue 19): grouped by the viewer's calendar day (not the
 * server's, not UTC), labelled Today / Tomorrow / a date, the zone named, and the past left out.
 */
import { describe, expect, it } from 'vitest';
import { dayKey, groupSlotsByDay, timeZoneName, whenText } from '@/features/guidance';

// 24 Nov 2026, 20:00 in Kolkata (14:30 UTC).
const NOW = new Date('2026-11-24T14:30:00.000Z');
const slot = (startsAt: string) => ({ startsAt });

describe('groupSlotsByDay', () => {
  it('groups by the day in the viewer’s zone: 19:00 UTC is already tomorrow in Kolkata', () => {
    const slots = [
      slot('2026-11-25T19:00:00.000Z'), // 26 Nov 00:30 IST
      slot('2026-11-24T15:00:00.000Z'), // today 20:30 IST
      slot('2026-11-25T04:30:00.000Z'), // tomorrow 10:00 IST
    ];
    const days = groupSlotsByDay(slots, 'Asia/Kolkata', NOW);
    expect(days.map((d) => [d.key, d.label, d.slots.length])).toEqual([
      ['2026-11-24', 'Today', 1],
      ['2026-11-25', 'Tomorrow', 1],
      ['2026-11-26', 'Thu, 26 Nov', 1],
    ]);
    // The same instants in London fall on the 24th and 25th only.
    const london = groupSlotsByDay(slots, 'Europe/London', NOW);
    expect(london.map((d) => [d.key, d.slots.length])).toEqual([
      ['2026-11-24', 1],
      ['2026-11-25', 2],
    ]);
  });

  it('sorts slots in a day and leaves out slots that have begun', () => {
    const days = groupSlotsByDay(
      [
        slot('2026-11-25T06:00:00.000Z'),
        slot('2026-11-24T14:00:00.000Z'), // began 30 minutes ago
        slot('2026-11-25T05:00:00.000Z'),
      ],
      'Asia/Kolkata',
      NOW,
    );
    expect(days).toHaveLength(1);
    expect(days[0]!.slots.map((s) => s.startsAt)).toEqual([
      '2026-11-25T05:00:00.000Z',
      '2026-11-25T06:00:00.000Z',
    ]);
  });

  it('no slots: no days', () => {
    expect(groupSlotsByDay([], 'Asia/Kolkata', NOW)).toEqual([]);
  });
});

describe('time texts', () => {
  it('names the zone and the day', () => {
    expect(timeZoneName('Asia/Kolkata', NOW)).toBe('IST');
    expect(dayKey(new Date('2026-11-24T19:00:00.000Z'), 'Asia/Kolkata')).toBe('2026-11-25');
    expect(whenText('2026-11-25T04:30:00.000Z', 'Asia/Kolkata', NOW)).toBe(
      'Tomorrow, 10:00 am IST',
    );
  });
});
