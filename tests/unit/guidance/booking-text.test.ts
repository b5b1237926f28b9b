/**
 * The guidance screens' words (issue 19): the cut-off said before anyone presses Cancel (in the
 * viewer's zone, and why once it has passed), a service's terms, fees in rupees, and the weekly
 * availability check the referee sees before saving.
 */
import { describe, expect, it } from 'vitest';
import { GuidanceErrors } from '@/domain/contract/guidance';
import {
  cutoffText,
  feeText,
  isUpcoming,
  ratingText,
  termsText,
  windowProblem,
} from '@/features/guidance';

const NOW = new Date('2026-11-24T04:30:00.000Z'); // 10:00 IST
const live = (startsAt: string, role: 'candidate' | 'referee' = 'candidate') => ({
  startsAt,
  kind: 'mock-interview' as const,
  role,
});

describe('cutoffText', () => {
  it('names the last moment, 12 hours before the start, in the viewer’s zone', () => {
    // Starts 26 Nov 10:30 IST → cut-off 25 Nov 22:30 IST (tomorrow).
    expect(cutoffText(live('2026-11-26T05:00:00.000Z'), 'Asia/Kolkata', NOW)).toBe(
      'Cancel with a full refund, or move it, until Tomorrow, 10:30 pm IST (12 hours before the start).',
    );
  });

  it('inside the cut-off it says why nothing can be changed; the referee hears the refund rule', () => {
    const soon = live('2026-11-24T10:00:00.000Z');
    expect(cutoffText(soon, 'Asia/Kolkata', NOW)).toBe(
      'It is less than 12 hours to the start, so it can no longer be cancelled or moved.',
    );
    expect(cutoffText({ ...soon, role: 'referee' }, 'Asia/Kolkata', NOW)).toContain(
      'the candidate gets a full refund',
    );
  });

  it('an async order explains its own rule', () => {
    expect(
      cutoffText(
        { startsAt: null, kind: 'resume-writing', role: 'candidate' },
        'Asia/Kolkata',
        NOW,
      ),
    ).toContain('not delivered by its due date');
  });
});

describe('service and booking words', () => {
  it('terms, fees and ratings', () => {
    expect(termsText({ kind: 'mock-interview', durationMinutes: 45, deliveryDays: null })).toBe(
      '45 min video call',
    );
    expect(termsText({ kind: 'resume-writing', durationMinutes: null, deliveryDays: 1 })).toBe(
      'Delivered within 1 day',
    );
    expect(feeText(1499)).toBe('₹1,499');
    expect(ratingText({ average: null, count: 0 })).toBe('New');
    expect(ratingText({ average: 4.66, count: 3 })).toBe('4.7 ★ (3)');
  });

  it('upcoming holds the slot or the work; the rest is past', () => {
    expect(
      ['requested', 'paid', 'confirmed'].every((state) => isUpcoming({ state } as never)),
    ).toBe(true);
    expect(
      ['delivered', 'reviewed', 'cancelled', 'no_show', 'expired'].some((state) =>
        isUpcoming({ state } as never),
      ),
    ).toBe(false);
  });
});

describe('windowProblem', () => {
  it('accepts separate windows, refuses backwards and overlapping ones', () => {
    expect(
      windowProblem([
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '12:00', end: '13:00' },
        { weekday: 2, start: '09:00', end: '24:00' },
      ]),
    ).toBeNull();
    expect(windowProblem([{ weekday: 3, start: '18:00', end: '17:00' }])).toBe(
      GuidanceErrors.badWindow,
    );
    expect(
      windowProblem([
        { weekday: 4, start: '09:00', end: '12:00' },
        { weekday: 4, start: '11:00', end: '13:00' },
      ]),
    ).toBe(GuidanceErrors.overlappingWindows);
  });
});
