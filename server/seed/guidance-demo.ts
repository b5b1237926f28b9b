/**
 * Guidance demo data (issue 19), so /guidance is alive on the first `npm start`: referees at three
 * companies offer services with weekly windows (Asia/Kolkata), so free slots always lie in the
 * coming days whenever the app is started; and candidate@example.com has bookings in several
 * states with a guidance wallet that shows a refund and a payment:
 *
 * - a confirmed mock interview with referee@ in about three days (paid from the wallet)
 * - a reviewed career-guidance call with referee@ ten days ago (5 stars: the referee's rating)
 * - a resume-writing order with a Cedar Health referee, paid yesterday, due in two days
 * - an interview-handholding call a Peacock Analytics referee cancelled (refunded to the wallet;
 *   not at referee2@, whose penalty count the tests read); the wallet keeps ₹200
 *
 * Written directly (not through the routes) with times relative to the seeding moment; no
 * reminder job is queued for the demo session. Idempotent: nothing happens when referee@ already
 * has services.
 */
import { eq } from 'drizzle-orm';
import type { AvailabilityWindow, ServiceKind } from '../../src/domain/contract/guidance';
import type { Database } from '../db/client';
import {
  guidanceBookingEvents,
  guidanceBookings,
  guidanceServices,
  guidanceSettings,
  guidanceWallet,
  refereeProfiles,
} from '../db/schema';
import { newMeetingUrl } from '../guidance/bookings';
import { freeSlots } from '../guidance/slots';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CANDIDATE = 'usr-candidate';
const REFEREE = 'usr-referee';

const days = (list: number[], start: string, end: string): AvailabilityWindow[] =>
  list.map((weekday) => ({ weekday, start, end }));

interface DemoService {
  kind: ServiceKind;
  fee: number;
  durationMinutes?: number;
  deliveryDays?: number;
  description: string;
}

const OFFERS: { refereeId: string; windows: AvailabilityWindow[]; services: DemoService[] }[] = [
  {
    refereeId: REFEREE,
    windows: [
      ...days([1, 2, 3, 4, 5], '18:00', '21:00'),
      ...days([6, 7], '10:00', '13:00'),
      ...days([6], '15:00', '18:00'),
    ],
    services: [
      {
        kind: 'mock-interview',
        fee: 499,
        durationMinutes: 45,
        description:
          'A realistic coding and design round as we run it here, with written feedback afterwards.',
      },
      {
        kind: 'career-guidance',
        fee: 799,
        durationMinutes: 60,
        description: 'Your next move, your profile and how teams here hire: ask me anything.',
      },
      {
        kind: 'resume-writing',
        fee: 999,
        deliveryDays: 3,
        description: 'I rewrite your CV for engineering roles and send it back as a Word file.',
      },
    ],
  },
  {
    refereeId: 'usr-referee2',
    windows: days([1, 2, 3, 4, 5, 6], '19:00', '22:00'),
    services: [
      {
        kind: 'interview-handholding',
        fee: 699,
        durationMinutes: 60,
        description: 'Before each round: what it tests and how to prepare. After: what to fix.',
      },
      {
        kind: 'mock-interview',
        fee: 599,
        durationMinutes: 30,
        description: 'A short managerial round: behavioural questions and feedback.',
      },
    ],
  },
  {
    refereeId: 'usr-ref-farhan-ali',
    windows: days([1, 2, 3, 4, 5, 6, 7], '08:00', '10:00'),
    services: [
      {
        kind: 'career-guidance',
        fee: 1499,
        durationMinutes: 30,
        description: 'Data and platform careers: which teams, which skills, which level.',
      },
      {
        kind: 'interview-handholding',
        fee: 699,
        durationMinutes: 60,
        description: 'A plan for your loop here, round by round.',
      },
    ],
  },
  {
    refereeId: 'usr-ref-vivek-menon',
    windows: [],
    services: [
      {
        kind: 'resume-writing',
        fee: 699,
        deliveryDays: 5,
        description: 'Frontend CVs that get past the first screen.',
      },
    ],
  },
];

const serviceId = (refereeId: string, kind: ServiceKind) =>
  `svc_demo_${refereeId.replace(/^usr-/, '').replace(/-/g, '_')}_${kind.replace(/-/g, '_')}`;

export async function seedGuidanceDemo(db: Database, now: Date = new Date()): Promise<boolean> {
  const [existing] = await db
    .select({ id: guidanceServices.id })
    .from(guidanceServices)
    .where(eq(guidanceServices.refereeId, REFEREE))
    .limit(1);
  if (existing) return false;
  const referees = await db
    .select({ id: refereeProfiles.userId, company: refereeProfiles.companyId })
    .from(refereeProfiles);
  const companyOf = new Map(referees.map((row) => [row.id, row.company]));
  const offers = OFFERS.filter((offer) => companyOf.has(offer.refereeId));
  if (!companyOf.has(REFEREE)) return false;
  const at = (ms: number) => new Date(now.getTime() + ms);

  await db.transaction(async (tx) => {
    for (const offer of offers) {
      await tx
        .insert(guidanceSettings)
        .values({ refereeId: offer.refereeId, timeZone: 'Asia/Kolkata', windows: offer.windows })
        .onConflictDoNothing();
      for (const service of offer.services) {
        await tx
          .insert(guidanceServices)
          .values({
            id: serviceId(offer.refereeId, service.kind),
            refereeId: offer.refereeId,
            kind: service.kind,
            enabled: true,
            fee: service.fee,
            durationMinutes: service.durationMinutes ?? null,
            deliveryDays: service.deliveryDays ?? null,
            description: service.description,
          })
          .onConflictDoNothing();
      }
    }

    // The upcoming mock interview: the first free slot three days ahead.
    const mockStart = freeSlots({
      windows: OFFERS[0]!.windows,
      timeZone: 'Asia/Kolkata',
      durationMinutes: 45,
      busy: [],
      now: at(3 * DAY),
      limit: 1,
    })[0]!;
    const pastStart = Math.floor((now.getTime() - 10 * DAY) / HOUR) * HOUR;
    const cancelledStart = Math.floor((now.getTime() + 4 * DAY) / HOUR) * HOUR;
    type Demo = Omit<typeof guidanceBookings.$inferInsert, 'companyId'> & {
      events: [string, 'candidate' | 'referee' | 'system', number, string | null][];
    };
    const bookings: Demo[] = [
      {
        id: 'bkg_demo_mock_upcoming',
        serviceId: serviceId(REFEREE, 'mock-interview'),
        refereeId: REFEREE,
        candidateId: CANDIDATE,
        kind: 'mock-interview',
        state: 'confirmed',
        fee: 499,
        amount: 49_900,
        startsAt: new Date(mockStart),
        endsAt: new Date(mockStart + 45 * MINUTE),
        meetingUrl: newMeetingUrl(),
        note: 'Backend role, system design round next week.',
        paidAt: at(-2 * HOUR),
        paidWith: 'wallet',
        createdAt: at(-2 * HOUR - 3 * MINUTE),
        events: [
          ['book', 'candidate', -2 * HOUR - 3 * MINUTE, null],
          ['pay', 'candidate', -2 * HOUR, 'Paid from the guidance wallet'],
        ],
      },
      {
        id: 'bkg_demo_guidance_reviewed',
        serviceId: serviceId(REFEREE, 'career-guidance'),
        refereeId: REFEREE,
        candidateId: CANDIDATE,
        kind: 'career-guidance',
        state: 'reviewed',
        fee: 799,
        amount: 79_900,
        startsAt: new Date(pastStart),
        endsAt: new Date(pastStart + HOUR),
        meetingUrl: newMeetingUrl(),
        paidAt: new Date(pastStart - 2 * DAY),
        paidWith: 'gateway',
        deliveredAt: new Date(pastStart + HOUR),
        rating: 5,
        review: 'Clear advice on moving to a product team, and what to fix in my CV.',
        createdAt: new Date(pastStart - 2 * DAY - 5 * MINUTE),
        events: [
          ['book', 'candidate', pastStart - 2 * DAY - 5 * MINUTE - now.getTime(), null],
          ['pay', 'system', pastStart - 2 * DAY - now.getTime(), 'Paid online'],
          ['deliver', 'referee', pastStart + HOUR - now.getTime(), null],
          ['rate', 'candidate', pastStart + 3 * HOUR - now.getTime(), null],
        ],
      },
    ];
    if (companyOf.has('usr-ref-vivek-menon')) {
      bookings.push({
        id: 'bkg_demo_resume_in_progress',
        serviceId: serviceId('usr-ref-vivek-menon', 'resume-writing'),
        refereeId: 'usr-ref-vivek-menon',
        candidateId: CANDIDATE,
        kind: 'resume-writing',
        state: 'confirmed',
        fee: 699,
        amount: 69_900,
        dueAt: at(4 * DAY),
        note: 'Targeting senior frontend roles.',
        paidAt: at(-DAY),
        paidWith: 'gateway',
        createdAt: at(-DAY - 4 * MINUTE),
        events: [
          ['book', 'candidate', -DAY - 4 * MINUTE, null],
          ['pay', 'system', -DAY, 'Paid online'],
        ],
      });
    }
    const refunded = companyOf.has('usr-ref-farhan-ali');
    if (refunded) {
      bookings.push({
        id: 'bkg_demo_cancelled_by_referee',
        serviceId: serviceId('usr-ref-farhan-ali', 'interview-handholding'),
        refereeId: 'usr-ref-farhan-ali',
        candidateId: CANDIDATE,
        kind: 'interview-handholding',
        state: 'cancelled',
        fee: 699,
        amount: 69_900,
        startsAt: new Date(cancelledStart),
        endsAt: new Date(cancelledStart + HOUR),
        paidAt: at(-6 * DAY),
        paidWith: 'gateway',
        cancelledBy: 'referee',
        cancelReason: 'Travelling for work that week, sorry.',
        refunded: 69_900,
        createdAt: at(-6 * DAY - 6 * MINUTE),
        events: [
          ['book', 'candidate', -6 * DAY - 6 * MINUTE, null],
          ['pay', 'system', -6 * DAY, 'Paid online'],
          ['cancel', 'referee', -5 * DAY, 'Travelling for work that week, sorry.'],
        ],
      });
    }
    for (const { events, ...booking } of bookings) {
      await tx.insert(guidanceBookings).values({
        ...booking,
        companyId: companyOf.get(booking.refereeId)!,
        updatedAt: booking.createdAt,
      });
      for (const [action, actor, offset, note] of events) {
        await tx.insert(guidanceBookingEvents).values({
          bookingId: booking.id,
          action,
          actor,
          actorId:
            actor === 'candidate' ? CANDIDATE : actor === 'referee' ? booking.refereeId : null,
          note,
          at: at(offset),
        });
      }
    }
    // The wallet: the cancelled call's refund, then the mock interview paid from it. ₹200 left:
    // less than any demo fee, so a new booking is paid through the provider (the browser test).
    if (refunded) {
      await tx.insert(guidanceWallet).values([
        {
          userId: CANDIDATE,
          kind: 'refund',
          amount: 69_900,
          bookingId: 'bkg_demo_cancelled_by_referee',
          uniqueKey: 'refund:bkg_demo_cancelled_by_referee',
          note: 'Cancelled by the referee',
          createdAt: at(-5 * DAY),
        },
        {
          userId: CANDIDATE,
          kind: 'payment',
          amount: -49_900,
          bookingId: 'bkg_demo_mock_upcoming',
          uniqueKey: 'pay:bkg_demo_mock_upcoming',
          note: 'Paid a guidance booking',
          createdAt: at(-2 * HOUR),
        },
      ]);
    } else {
      // Without the Peacock referee the mock interview was paid online.
      await tx
        .update(guidanceBookings)
        .set({ paidWith: 'gateway' })
        .where(eq(guidanceBookings.id, 'bkg_demo_mock_upcoming'));
    }
  });
  return true;
}
