/**
 * The guidance kinds (issue 19): what book, cancel, reschedule, deliver (with its upload), rate
 * and the referee's set-up send; how answers are classified (a slot taken while offline ends
 * with a notice and no retry, a replay whose answer was lost is done, a cut-off refusal stays
 * visible with the server's words); their panel labels; one line per booking.
 */
import { describe, expect, it } from 'vitest';
import { GuidanceErrors } from '@/domain/contract/guidance';
import { OUTBOX_KINDS, actionTitle, kindSpec, type OutboxKind } from '@/lib/outbox/kinds';
import { SLOT_TAKEN, SLOT_TAKEN_TEXT, guidanceBookSubject } from '@/lib/outbox/kinds/guidance-book';
import { guidanceBookingSubject } from '@/lib/outbox/kinds/guidance-booking';
import { API, makeAction, recordingContext, result } from './helpers';

const booking = (state: string) => ({
  data: {
    id: 'bk-1',
    state,
    kind: 'mock-interview',
    serviceId: 'svc-1',
    companyId: 'cmp-1',
    companyName: 'Monsoon Learning',
    fee: 499,
    amount: 49_900,
    startsAt: '2026-11-26T05:00:00.000Z',
    endsAt: '2026-11-26T05:45:00.000Z',
    durationMinutes: 45,
    heldUntil: null,
    dueAt: null,
    meetingUrl: null,
    note: null,
    paidAt: null,
    paidWith: null,
    orderId: null,
    cancelledBy: null,
    cancelReason: null,
    refunded: 0,
    deliveredAt: null,
    deliveryNote: null,
    hasFile: false,
    rating: null,
    review: null,
    createdAt: '2026-11-24T05:00:00.000Z',
    updatedAt: '2026-11-24T05:00:00.000Z',
    role: 'candidate',
    actions: [],
    counterpart: { name: null, designation: 'Engineer' },
    events: [],
  },
});

const book = makeAction({
  kind: 'guidanceBook',
  subject: guidanceBookSubject('svc-1', '2026-11-26T05:00:00.000Z'),
  payload: {
    serviceId: 'svc-1',
    startsAt: '2026-11-26T05:00:00.000Z',
    note: '  Frontend role  ',
    serviceLabel: 'Mock interview',
    companyName: 'Monsoon Learning',
    whenText: 'Thu, 26 Nov, 10:30 am IST',
  },
});

describe('guidanceBook', () => {
  it('POSTs the service, slot and trimmed note, never the UI-only names; done with the booking', async () => {
    const { context, calls } = recordingContext([result(201, booking('requested'))]);
    const step = await OUTBOX_KINDS.guidanceBook.execute(book, context);
    expect(calls.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'POST',
        url: `${API}/guidance/bookings`,
        body: { serviceId: 'svc-1', startsAt: '2026-11-26T05:00:00.000Z', note: 'Frontend role' },
      },
    ]);
    expect(step).toMatchObject({ type: 'done', outcome: 'booked', result: { id: 'bk-1' } });
  });

  it('a slot taken while offline ends as slotTaken with a no-charge notice (not failed, not retried)', async () => {
    const { context } = recordingContext([result(409, null, GuidanceErrors.slotTaken)]);
    const step = await OUTBOX_KINDS.guidanceBook.execute(book, context);
    expect(step).toEqual({ type: 'done', outcome: SLOT_TAKEN });
    expect(OUTBOX_KINDS.guidanceBook.toast?.done?.(SLOT_TAKEN)).toEqual({
      level: 'warning',
      text: SLOT_TAKEN_TEXT,
    });
    expect(SLOT_TAKEN_TEXT).toContain('Nothing was charged');
  });

  it('a paused referee ends as unavailable; a 503 retries; a 401 waits for a token', async () => {
    const { context } = recordingContext([
      result(409, null, GuidanceErrors.refereePaused),
      result(503, null, 'busy'),
      result(401, null, 'Unauthorized'),
    ]);
    expect(await OUTBOX_KINDS.guidanceBook.execute(book, context)).toEqual({
      type: 'done',
      outcome: 'unavailable',
    });
    expect((await OUTBOX_KINDS.guidanceBook.execute(book, context)).type).toBe('retry');
    expect((await OUTBOX_KINDS.guidanceBook.execute(book, context)).type).toBe('auth');
  });

  it('the panel names the service, company and time', () => {
    expect(actionTitle(book)).toBe(
      'Book guidance: Mock interview at Monsoon Learning, Thu, 26 Nov, 10:30 am IST',
    );
  });

  it('asking to book the same slot again is the same action', () => {
    expect(OUTBOX_KINDS.guidanceBook.coalesce).toEqual({ mode: 'subject', retryFailed: true });
  });
});

const on = (kind: OutboxKind, payload: Record<string, unknown>) =>
  makeAction({
    kind,
    subject: guidanceBookingSubject('bk-1'),
    payload: { bookingId: 'bk-1', label: 'Mock interview, Thu 26 Nov', ...payload },
  });

describe('booking actions', () => {
  it('cancel, reschedule, link, no-show and rate POST to their paths with their bodies', async () => {
    const { context, calls } = recordingContext(() => result(200, booking('confirmed')));
    await OUTBOX_KINDS.guidanceCancel.execute(on('guidanceCancel', { reason: ' ill ' }), context);
    await OUTBOX_KINDS.guidanceReschedule.execute(
      on('guidanceReschedule', { startsAt: '2026-11-27T05:00:00.000Z' }),
      context,
    );
    await OUTBOX_KINDS.guidanceLink.execute(
      on('guidanceLink', { meetingUrl: ' https://meet.example.com/abc ' }),
      context,
    );
    await OUTBOX_KINDS.guidanceNoShow.execute(on('guidanceNoShow', {}), context);
    await OUTBOX_KINDS.guidanceRate.execute(
      on('guidanceRate', { rating: 5, review: ' Great ' }),
      context,
    );
    expect(calls.map(({ url, body }) => [url.replace(API, ''), body])).toEqual([
      ['/guidance/bookings/bk-1/cancel', { reason: 'ill' }],
      ['/guidance/bookings/bk-1/reschedule', { startsAt: '2026-11-27T05:00:00.000Z' }],
      ['/guidance/bookings/bk-1/link', { meetingUrl: 'https://meet.example.com/abc' }],
      ['/guidance/bookings/bk-1/no-show', {}],
      ['/guidance/bookings/bk-1/rate', { rating: 5, review: 'Great' }],
    ]);
  });

  it('a replay that finds the booking already cancelled / reviewed is done quietly', async () => {
    const { context } = recordingContext([
      result(
        409,
        { errorMsg: GuidanceErrors.wrongState, state: 'cancelled' },
        GuidanceErrors.wrongState,
      ),
      result(
        409,
        { errorMsg: GuidanceErrors.wrongState, state: 'reviewed' },
        GuidanceErrors.wrongState,
      ),
    ]);
    const cancel = await OUTBOX_KINDS.guidanceCancel.execute(on('guidanceCancel', {}), context);
    const rate = await OUTBOX_KINDS.guidanceRate.execute(
      on('guidanceRate', { rating: 4 }),
      context,
    );
    expect(cancel).toEqual({ type: 'done', outcome: 'already:cancelled' });
    expect(rate).toEqual({ type: 'done', outcome: 'already:rated' });
    expect(OUTBOX_KINDS.guidanceCancel.toast?.done?.('already:cancelled')).toBeNull();
  });

  it('a cancel inside the cut-off fails with the server’s words (visible, not retried)', async () => {
    const { context } = recordingContext([
      result(
        409,
        { errorMsg: GuidanceErrors.insideCutoff, state: 'confirmed' },
        GuidanceErrors.insideCutoff,
      ),
    ]);
    expect(await OUTBOX_KINDS.guidanceCancel.execute(on('guidanceCancel', {}), context)).toEqual({
      type: 'fail',
      error: GuidanceErrors.insideCutoff,
    });
  });

  it('every action on a booking shares one line, so a cancel never overtakes a move', () => {
    const lines = (
      [
        'guidanceCancel',
        'guidanceReschedule',
        'guidanceLink',
        'guidanceDeliver',
        'guidanceNoShow',
        'guidanceRate',
      ] as const
    ).map((k) => kindSpec(k)?.line);
    expect(new Set(lines)).toEqual(new Set(['guidanceBooking']));
  });

  it('labels in the pending-actions panel', () => {
    expect(actionTitle(on('guidanceCancel', {}))).toBe(
      'Cancel session: Mock interview, Thu 26 Nov',
    );
    expect(actionTitle(on('guidanceDeliver', {}))).toBe(
      'Mark delivered: Mock interview, Thu 26 Nov',
    );
  });
});

describe('guidanceDeliver with a file', () => {
  const file = {
    file: new Blob(['%PDF-1.7 resume']),
    fileName: 'resume-final.pdf',
    mimeType: 'application/pdf',
  };
  const upload = (n: number) =>
    result(200, {
      data: {
        uploadUrl: `/storage/guidance/bk-1/f${n}.pdf?sig=${n}`,
        fileKey: `guidance/bk-1/f${n}.pdf`,
        expiresAt: '2026-11-24T06:00:00.000Z',
      },
    });

  async function drive(answers: ReturnType<typeof result>[]) {
    const { context, calls } = recordingContext(answers);
    let action = on('guidanceDeliver', { note: 'Done', file });
    for (let i = 0; i < 10; i += 1) {
      const step = await OUTBOX_KINDS.guidanceDeliver.execute(action, context);
      if (step.type !== 'advance') return { step, calls };
      action = {
        ...action,
        step: step.step,
        ...(step.stepData ? { stepData: step.stepData } : {}),
      };
    }
    throw new Error('did not end');
  }

  it('asks for a URL, PUTs the file without the token, then delivers naming the key', async () => {
    const { step, calls } = await drive([
      upload(1),
      result(200),
      result(200, booking('delivered')),
    ]);
    expect(step).toMatchObject({ type: 'done', outcome: 'delivered' });
    expect(calls.map((c) => [c.method, c.url.replace(API, '')])).toEqual([
      ['POST', '/guidance/bookings/bk-1/file-upload'],
      ['PUT', '/storage/guidance/bk-1/f1.pdf?sig=1'],
      ['POST', '/guidance/bookings/bk-1/deliver'],
    ]);
    expect(calls[0]?.body).toEqual({ fileName: 'resume-final.pdf', mimeType: 'application/pdf' });
    expect(calls[1]?.auth).toBe(false);
    expect(calls[2]?.body).toEqual({ fileKey: 'guidance/bk-1/f1.pdf', note: 'Done' });
  });

  it('an expired URL or a lost file goes back for a fresh URL', async () => {
    const { step, calls } = await drive([
      upload(1),
      result(403, null, 'expired'),
      upload(2),
      result(200),
      result(400, null, GuidanceErrors.fileNotUploaded),
      upload(3),
      result(200),
      result(200, booking('delivered')),
    ]);
    expect(step).toMatchObject({ type: 'done', outcome: 'delivered' });
    expect(calls.at(-1)?.body).toEqual({ fileKey: 'guidance/bk-1/f3.pdf', note: 'Done' });
  });
});

describe('referee set-up', () => {
  it('PUTs a service and the availability', async () => {
    const { context, calls } = recordingContext(() => result(200, {}));
    const service = {
      enabled: true,
      fee: 499,
      durationMinutes: 45 as const,
      description: 'Practice round',
    };
    const saved = await OUTBOX_KINDS.guidanceService.execute(
      makeAction({ kind: 'guidanceService', payload: { kind: 'mock-interview', service } }),
      context,
    );
    await OUTBOX_KINDS.guidanceAvailability.execute(
      makeAction({
        kind: 'guidanceAvailability',
        payload: {
          timeZone: 'Asia/Kolkata',
          windows: [{ weekday: 1, start: '18:00', end: '20:00' }],
        },
      }),
      context,
    );
    expect(saved).toEqual({ type: 'done', outcome: 'saved' });
    expect(calls.map((c) => [c.method, c.url.replace(API, ''), c.body])).toEqual([
      ['PUT', '/guidance/me/services/mock-interview', service],
      [
        'PUT',
        '/guidance/me/availability',
        { timeZone: 'Asia/Kolkata', windows: [{ weekday: 1, start: '18:00', end: '20:00' }] },
      ],
    ]);
  });

  it('a fee out of range fails with the server’s words', async () => {
    const { context } = recordingContext([result(400, null, GuidanceErrors.feeOutOfRange)]);
    const step = await OUTBOX_KINDS.guidanceService.execute(
      makeAction({
        kind: 'guidanceService',
        payload: { kind: 'career-guidance', service: { enabled: true, fee: 5 } },
      }),
      context,
    );
    expect(step).toEqual({ type: 'fail', error: GuidanceErrors.feeOutOfRange });
  });
});
