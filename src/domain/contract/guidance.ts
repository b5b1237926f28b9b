/**
 * The guidance API area (issue 19): referees' paid services (spec §1 "resume writing, career
 * guidance, interview handholding, mock interviews"), their weekly availability, bookings with a
 * short hold while paying, delivery, fair cancellation with refunds to a guidance wallet, and the
 * penalty for referees who keep cancelling. The server validates with these schemas and answers
 * with these texts; the app (/guidance screens, the referee's dashboard, outbox kinds) parses with
 * the same. Pure TypeScript + zod/mini: no React, no DOM, no Node.
 *
 * Money: fees are set in whole rupees (`fee`), every amount that moves is in paise (`amount`,
 * wallet entries), as in the payments contract. spec §1 gives no numbers: docs/decisions.md
 * "Guidance services (issue 19)" says why each of these.
 *
 * Endpoints (all under /api, all need a bearer token; writes take an Idempotency-Key):
 *
 *   GET   /guidance/companies                   anyone signed in: companies with bookable services
 *   GET   /guidance/companies/{companyId}       anyone signed in: that company's referees
 *                                               (anonymised), services, fees, next free slots
 *   GET   /guidance/services/{serviceId}/slots  anyone signed in: free slots, next 14 days
 *   POST  /guidance/bookings                    candidate: book a slot / order an async service
 *                                               → `requested`, slot held HOLD minutes
 *   POST  /guidance/bookings/{id}/pay           candidate: `wallet` (confirmed at once) or
 *                                               `gateway` (an order + checkout; the payments
 *                                               verify/status calls confirm it)
 *   GET   /guidance/bookings/mine               candidate: their bookings, newest first
 *   GET   /guidance/bookings/{id}               the booking's candidate or referee (404 others)
 *   POST  /guidance/bookings/{id}/cancel        candidate or referee (cut-off rules below)
 *   POST  /guidance/bookings/{id}/reschedule    candidate or referee, live services only
 *   POST  /guidance/bookings/{id}/link          referee: replace the meeting link
 *   POST  /guidance/bookings/{id}/deliver       referee: mark delivered (resume writing: with
 *                                               the uploaded file's key)
 *   POST  /guidance/bookings/{id}/no-show       referee, after the start: the candidate did not come
 *   POST  /guidance/bookings/{id}/rate          candidate, after delivery: 1–5 + review
 *   GET   /guidance/bookings/{id}/file          candidate or referee: 5-minute link to the
 *                                               delivered file
 *   GET   /guidance/bookings/{id}/candidate-cv  referee of a paid resume-writing order:
 *                                               5-minute link to the candidate's profile CV
 *   POST  /guidance/bookings/{id}/file-upload   referee: a signed upload URL (PDF/DOCX) for the
 *                                               delivery (then PUT the bytes, then /deliver)
 *   GET   /guidance/wallet                      candidate: wallet balance and entries
 *   GET   /guidance/me                          referee: own services, availability, pause,
 *                                               rating
 *   PUT   /guidance/me/services/{kind}          referee: create/update one service
 *   PUT   /guidance/me/availability             referee: weekly windows + time zone
 *   GET   /guidance/me/schedule                 referee: bookings of their services
 *
 * Errors: `{ errorMsg }` with a GuidanceErrors text; 409 answers of a transition also carry
 * `state` (the booking's current state) like the referral transitions.
 */
import * as z from 'zod/mini';
import { idOf, lazySchema } from './common';
import { CheckoutSchema, OrderSchema } from './payments';

// ---------------------------------------------------------------------------------------------
// Services.

export const SERVICE_KINDS = [
  'resume-writing',
  'career-guidance',
  'interview-handholding',
  'mock-interview',
] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** spec §1's four services, as the app names them. */
export const SERVICE_KIND_LABELS: Record<ServiceKind, string> = {
  'resume-writing': 'Resume writing',
  'career-guidance': 'Career guidance',
  'interview-handholding': 'Interview handholding',
  'mock-interview': 'Mock interview',
};

/** One line under each kind's name in the app. */
export const SERVICE_KIND_HINTS: Record<ServiceKind, string> = {
  'resume-writing': 'Your CV rewritten by someone who hires here, delivered as a file.',
  'career-guidance': 'A video call about your next move, your profile and this company.',
  'interview-handholding': 'A call to prepare you for this company’s interview process.',
  'mock-interview': 'A practice interview on a video call, with feedback.',
};

/** Async kinds are delivered by a due date; live kinds are a video call at a booked slot. */
export const ASYNC_SERVICE_KINDS = ['resume-writing'] as const satisfies readonly ServiceKind[];
export const isLiveKind = (kind: ServiceKind) =>
  !(ASYNC_SERVICE_KINDS as readonly ServiceKind[]).includes(kind);

export const GuidanceLimits = {
  /** Fee bounds in whole rupees: nominal to a senior's hour (decisions). */
  feeMinRupees: 99,
  feeMaxRupees: 20_000,
  descriptionMax: 500,
  /** Lengths a live session may have, in minutes. */
  durations: [30, 45, 60, 90] as const,
  defaultDurationMinutes: 45,
  /** Days an async service may take, from payment to due date. */
  deliveryDaysMin: 1,
  deliveryDaysMax: 14,
  defaultDeliveryDays: 3,
  /** Minutes a booked slot is held for its candidate while they pay; then it is released. */
  holdMinutes: 10,
  /** Unpaid holds one candidate may have at once (holds are free: a calendar is not to be
   * blocked by one person booking everything). */
  openHoldsMax: 3,
  /** Either side may cancel or reschedule until this many hours before the start. */
  cutoffHours: 12,
  /** A slot must start at least this many minutes from now to be booked. */
  minLeadMinutes: 60,
  /** Days ahead free slots are offered. */
  slotDays: 14,
  /** Next free slots shown per service on a company's page (all of them: .../slots). */
  nextSlotsShown: 6,
  /** Slots listed at most by .../slots. */
  slotsListedMax: 200,
  /** Penalty: this many referee cancellations/reschedules in `penaltyWindowDays`… */
  penaltyCount: 3,
  penaltyWindowDays: 30,
  /** …pause the referee's services (hidden, new bookings refused) for this many days. */
  penaltyPauseDays: 7,
  /** Push reminder before a live session starts. */
  reminderMinutesBefore: 60,
  /** Weekly windows per referee. */
  windowsMax: 28,
  noteMax: 500,
  reasonMax: 500,
  reviewMax: 500,
  meetingUrlMax: 500,
  fileNameMax: 255,
  /** Bookings listed (mine / schedule), newest first. */
  bookingsListed: 100,
  walletEntriesListed: 100,
} as const;

/** spec-less default: India-first product (decisions). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** Files a resume-writing delivery may be (uploaded through the signed path). */
export const DELIVERY_FILE_TYPES = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
} as const;
export type DeliveryMimeType = keyof typeof DELIVERY_FILE_TYPES;
export const DELIVERY_ACCEPT = Object.keys(DELIVERY_FILE_TYPES).join(',');
/** The same 2 MB as a CV (spec §5), so one body limit serves every upload. */
export const DELIVERY_MAX_BYTES = 2 * 1024 * 1024;
export const DELIVERY_UPLOAD_PURPOSE = 'GUIDANCE_DELIVERY';

// ---------------------------------------------------------------------------------------------
// Bookings: states and who moves them.

/**
 * - requested: booked by the candidate; the slot is held until `heldUntil` while they pay
 * - paid: money received (transient: the same transaction confirms it, or cancels it when the
 *   hold had expired and the slot was taken meanwhile — the money then goes to the wallet)
 * - confirmed: paid and the slot is the candidate's (live: with a meeting link; async: due date)
 * - delivered: the referee held the session / attached the file
 * - reviewed: the candidate rated it (terminal)
 * - cancelled: by the candidate or the referee, or a late payment for a lost slot (terminal)
 * - no_show: the candidate did not come (referee, after the start; terminal, no refund)
 * - expired: not paid within the hold; the slot was released (terminal)
 */
export const BOOKING_STATES = [
  'requested',
  'paid',
  'confirmed',
  'delivered',
  'reviewed',
  'cancelled',
  'no_show',
  'expired',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** States that occupy the referee's slot (the unique index covers these). */
export const SLOT_HOLDING_STATES = [
  'requested',
  'paid',
  'confirmed',
] as const satisfies readonly BookingState[];

/**
 * States in which the referee of a resume-writing order may open the candidate's profile CV:
 * from payment until delivery (the referee needs it to rewrite it; nothing is shared before
 * the candidate has paid, nor after the order is closed).
 */
export const CANDIDATE_CV_STATES = [
  'paid',
  'confirmed',
  'delivered',
] as const satisfies readonly BookingState[];

/** Whether the candidate's CV is shared with the referee of this booking now (kind and state). */
export function candidateCvShared(booking: {
  readonly kind: ServiceKind;
  readonly state: BookingState;
}): boolean {
  return (
    !isLiveKind(booking.kind) && (CANDIDATE_CV_STATES as readonly string[]).includes(booking.state)
  );
}

export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  requested: 'Waiting for payment',
  paid: 'Paid',
  confirmed: 'Confirmed',
  delivered: 'Delivered',
  reviewed: 'Reviewed',
  cancelled: 'Cancelled',
  no_show: 'Missed',
  expired: 'Not paid in time',
};

export const BOOKING_ACTIONS = [
  'book',
  'pay',
  'expire',
  'cancel',
  'reschedule',
  'link',
  'deliver',
  'noShow',
  'rate',
] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

export type BookingActor = 'candidate' | 'referee' | 'system';

/**
 * Who may take each action and from which states. Anyone else gets 403 (a party of the booking)
 * or 404 (a stranger); a party in the wrong state gets 409.
 */
export const BOOKING_TRANSITIONS: Record<
  BookingAction,
  { readonly actors: readonly BookingActor[]; readonly from: readonly BookingState[] }
> = {
  book: { actors: ['candidate'], from: [] },
  pay: { actors: ['candidate'], from: ['requested'] },
  expire: { actors: ['system'], from: ['requested'] },
  // Candidate: a requested one (nothing paid) or a confirmed one; refund rules: BookingRefunds.
  cancel: { actors: ['candidate', 'referee'], from: ['requested', 'confirmed'] },
  reschedule: { actors: ['candidate', 'referee'], from: ['confirmed'] },
  link: { actors: ['referee'], from: ['confirmed'] },
  deliver: { actors: ['referee'], from: ['confirmed'] },
  noShow: { actors: ['referee'], from: ['confirmed'] },
  rate: { actors: ['candidate'], from: ['delivered'] },
};

/**
 * Refunds, always to the candidate's guidance wallet, at most once per booking (ledger key
 * `refund:<bookingId>`):
 * - referee cancels (any time, even inside the cut-off): full refund, and it counts to the penalty
 * - candidate cancels a live session ≥ cutoffHours before the start: full refund
 * - candidate cancels a live session inside the cut-off: refused (409 insideCutoff) — there is
 *   nothing to gain from cancelling then; the referee may still cancel (full refund)
 * - candidate cancels an async order within cutoffHours of paying, or after its due date passed
 *   undelivered: full refund; otherwise refused (the referee is working on it)
 * - a payment arriving after the hold expired and the slot was taken: full refund
 * Reschedules follow the same cut-off for both sides; a referee's reschedule counts to the penalty.
 */
export const REFUND_RULES = 'refund:<bookingId>' as const;

export const BOOKING_CANCELLERS = ['candidate', 'referee', 'system'] as const;
export type BookingCanceller = (typeof BOOKING_CANCELLERS)[number];

export const PAYMENT_METHODS = ['wallet', 'gateway'] as const;

/**
 * Where the checkout returns after paying a booking through the gateway (the local test gateway
 * redirects here; Razorpay Checkout calls the app's handler instead):
 * `?order=<ord_…>&booking=<id>&payment_id=…&signature=…` on success, `&failed=1` on failure. The
 * app then posts /payments/orders/{order}/verify (or polls GET /payments/orders/{order}) and
 * reloads the booking, which is confirmed in the same transaction as the payment.
 */
export const GUIDANCE_CHECKOUT_RETURN_PATH = '/guidance/bookings';
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const WALLET_ENTRY_KINDS = ['refund', 'payment'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Error texts (errorMsg of 4xx answers), in words a user can act on.

export const GuidanceErrors = {
  candidatesOnly: 'Only candidates can book guidance.',
  notReferee: 'You are not a referee yet: verify your work email first.',
  companyNotFound: 'Company not found',
  serviceNotFound: 'This service is not offered any more.',
  bookingNotFound: 'Booking not found',
  notYours: 'Only the other side of this booking can do that.',
  ownService: 'You cannot book your own service.',
  slotTaken: 'Someone else has just booked this slot. Please pick another time.',
  slotNotOffered: 'This time is not one of the referee’s free slots. Please pick another time.',
  slotRequired: 'Pick a time for this session.',
  noSlotForAsync: 'This service is delivered as a file: it has no time slot.',
  refereePaused: 'This referee is not taking new bookings right now. Please try another referee.',
  holdExpired: 'The time to pay for this booking has run out. Please book the slot again.',
  lateSlotLost:
    'Your payment arrived after the slot was released and someone else booked it. The full amount is in your guidance wallet: use it for another booking.',
  walletTooLow: 'Your guidance wallet does not cover this booking. Pay the rest online.',
  insideCutoff: 'Bookings can be cancelled or moved until 12 hours before the start.',
  asyncNoRefund:
    'The referee is already working on this order, so it can no longer be cancelled. It can be cancelled if it is not delivered by its due date.',
  notStarted: 'A session can be marked as missed only after it has started.',
  liveOnly: 'Only live sessions have a time and a meeting link.',
  fileRequired: 'Attach the finished file to deliver this order.',
  fileNotUploaded: 'The file was not uploaded. Please attach it again.',
  wrongFileType: 'The file must be a PDF or a Word (.docx) document.',
  noFile: 'No file was delivered for this booking.',
  wrongState: 'This booking has moved on: refresh to see where it is.',
  /** Ordering resume writing with no CV on the profile (the referee has nothing to rewrite). */
  cvRequired: 'Upload your CV on your profile first, so the referee has it to rewrite.',
  candidateNoCv: 'The candidate has no CV on their profile yet.',
  cvResumeOnly: 'Only a resume-writing order shares the candidate’s CV.',
  cvNotShared: 'The candidate’s CV is shared from payment until the order is delivered.',
  badTimeZone: 'Unknown time zone.',
  badWindow: 'A window must end after it starts, on the same day.',
  overlappingWindows: 'Availability windows cannot overlap.',
  feeOutOfRange: 'The fee must be between ₹99 and ₹20,000.',
  gatewayUnavailable: 'The payment service is not reachable. Please try again in a minute.',
  tooManyHolds:
    'You have 3 bookings waiting for payment. Pay for one or cancel it before booking another.',
  /** An admin's refund of a booking's payment order (the credits refund does not apply). */
  bookingOrderRefund:
    'A guidance booking is refunded by cancelling it: the money goes to the candidate’s guidance wallet.',
} as const;

// ---------------------------------------------------------------------------------------------
// Request bodies and params.

const trimmed = (max: number) => z.string().check(z.trim(), z.maxLength(max));
const isoInstant = lazySchema(() => z.iso.datetime({ offset: true }));

export const ServiceKindParams = lazySchema(() => z.object({ kind: z.enum(SERVICE_KINDS) }));
export const ServiceIdParams = lazySchema(() => z.object({ serviceId: idOf(100) }));
export const BookingIdParams = lazySchema(() => z.object({ id: idOf(100) }));
export const GuidanceCompanyParams = lazySchema(() => z.object({ companyId: idOf(200) }));

/**
 * PUT /guidance/me/services/{kind}. Live kinds use durationMinutes, async kinds deliveryDays; the
 * other is ignored. The fee is whole rupees.
 */
export const ServiceBody = lazySchema(() =>
  z.strictObject({
    enabled: z.boolean(),
    fee: z
      .number()
      .check(
        z.int(),
        z.minimum(GuidanceLimits.feeMinRupees, GuidanceErrors.feeOutOfRange),
        z.maximum(GuidanceLimits.feeMaxRupees, GuidanceErrors.feeOutOfRange),
      ),
    durationMinutes: z.optional(
      z.union(GuidanceLimits.durations.map((minutes) => z.literal(minutes))),
    ),
    deliveryDays: z.optional(
      z
        .number()
        .check(
          z.int(),
          z.minimum(GuidanceLimits.deliveryDaysMin),
          z.maximum(GuidanceLimits.deliveryDaysMax),
        ),
    ),
    description: z.optional(trimmed(GuidanceLimits.descriptionMax)),
  }),
);
export type ServiceInput = z.infer<typeof ServiceBody>;

/** "HH:MM", 00:00–24:00 (24:00 only as an end). */
export const clockTime = lazySchema(() =>
  z.string().check(z.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/)),
);

/** Day of the week: 1 = Monday … 7 = Sunday (ISO 8601). */
export const WeekdaySchema = lazySchema(() =>
  z.number().check(z.int(), z.minimum(1), z.maximum(7)),
);

export const AvailabilityWindowSchema = lazySchema(() =>
  z.object({
    weekday: WeekdaySchema,
    start: clockTime,
    end: clockTime,
  }),
);
export type AvailabilityWindow = z.infer<typeof AvailabilityWindowSchema>;

/** PUT /guidance/me/availability: windows in the referee's own time zone (IANA name). */
export const AvailabilityBody = lazySchema(() =>
  z.strictObject({
    timeZone: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
    windows: z.array(AvailabilityWindowSchema).check(z.maxLength(GuidanceLimits.windowsMax)),
  }),
);
export type AvailabilityInput = z.infer<typeof AvailabilityBody>;

/** POST /guidance/bookings: `startsAt` (one of the service's free slots) for live kinds only. */
export const CreateBookingBody = lazySchema(() =>
  z.strictObject({
    serviceId: idOf(100),
    startsAt: z.optional(isoInstant),
    note: z.optional(trimmed(GuidanceLimits.noteMax)),
  }),
);
export type CreateBookingInput = z.infer<typeof CreateBookingBody>;

/** POST /guidance/bookings/{id}/pay. */
export const PayBookingBody = lazySchema(() => z.strictObject({ method: z.enum(PAYMENT_METHODS) }));

export const CancelBookingBody = lazySchema(() =>
  z.nullish(z.strictObject({ reason: z.optional(trimmed(GuidanceLimits.reasonMax)) })),
);
export const RescheduleBookingBody = lazySchema(() => z.strictObject({ startsAt: isoInstant }));
export const MeetingLinkBody = lazySchema(() =>
  z.strictObject({
    meetingUrl: z.url({ protocol: /^https$/ }).check(z.maxLength(GuidanceLimits.meetingUrlMax)),
  }),
);
/** POST /guidance/bookings/{id}/deliver: `fileKey` (from file-upload) required for async kinds. */
export const DeliverBookingBody = lazySchema(() =>
  z.nullish(
    z.strictObject({
      fileKey: z.optional(idOf(300)),
      note: z.optional(trimmed(GuidanceLimits.noteMax)),
    }),
  ),
);
export const RateBookingBody = lazySchema(() =>
  z.strictObject({
    rating: z.number().check(z.int(), z.minimum(1), z.maximum(5)),
    review: z.optional(trimmed(GuidanceLimits.reviewMax)),
  }),
);
/** POST /guidance/bookings/{id}/file-upload. */
export const DeliveryUploadBody = lazySchema(() =>
  z.strictObject({
    fileName: z.string().check(z.trim(), z.minLength(1), z.maxLength(GuidanceLimits.fileNameMax)),
    mimeType: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  }),
);

// ---------------------------------------------------------------------------------------------
// Responses.

const isoDate = lazySchema(() => z.string());

export const ServiceSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(SERVICE_KINDS),
    enabled: z.boolean(),
    /** Whole rupees. */
    fee: z.number(),
    /** Live kinds; null for async. */
    durationMinutes: z.nullable(z.number()),
    /** Async kinds; null for live. */
    deliveryDays: z.nullable(z.number()),
    description: z.string(),
  }),
);
export type ServiceDto = z.infer<typeof ServiceSchema>;

/** A public service on a company's page: with the next free slots (live kinds). */
export const OfferedServiceSchema = lazySchema(() =>
  z.extend(ServiceSchema, {
    nextSlots: z.array(isoDate),
  }),
);
export type OfferedService = z.infer<typeof OfferedServiceSchema>;

export const RatingSchema = lazySchema(() =>
  z.object({
    /** 1..5 with one decimal; null before the first review. */
    average: z.nullable(z.number()),
    count: z.number(),
  }),
);

/** A referee as candidates see them: anonymised like referral offers (no name, no email). */
export const GuidanceRefereeSchema = lazySchema(() =>
  z.object({
    /** An opaque id for this page (not the user id). */
    refereeId: z.string(),
    designation: z.nullable(z.string()),
    department: z.nullable(z.string()),
    yearsOfExperience: z.nullable(z.number()),
    rating: RatingSchema,
    timeZone: z.string(),
    services: z.array(OfferedServiceSchema),
  }),
);
export type GuidanceReferee = z.infer<typeof GuidanceRefereeSchema>;

export const GuidanceCompanySummarySchema = lazySchema(() =>
  z.object({
    companyId: z.string(),
    name: z.string(),
    logoUrl: z.nullable(z.string()),
    industry: z.nullable(z.string()),
    referees: z.number(),
    kinds: z.array(z.enum(SERVICE_KINDS)),
    /** Lowest enabled fee, whole rupees. */
    feeFrom: z.number(),
  }),
);
export type GuidanceCompanySummary = z.infer<typeof GuidanceCompanySummarySchema>;
export const GuidanceCompanyListSchema = lazySchema(() =>
  z.object({ data: z.array(GuidanceCompanySummarySchema) }),
);

export const GuidanceCompanyPageSchema = lazySchema(() =>
  z.object({
    data: z.object({
      company: z.object({
        companyId: z.string(),
        name: z.string(),
        logoUrl: z.nullable(z.string()),
        industry: z.nullable(z.string()),
      }),
      referees: z.array(GuidanceRefereeSchema),
    }),
  }),
);
export type GuidanceCompanyPage = z.infer<typeof GuidanceCompanyPageSchema>['data'];

export const SlotListSchema = lazySchema(() =>
  z.object({
    data: z.object({ serviceId: z.string(), durationMinutes: z.number(), slots: z.array(isoDate) }),
  }),
);

export const BookingEventSchema = lazySchema(() =>
  z.object({
    action: z.enum(BOOKING_ACTIONS),
    actor: z.enum(['candidate', 'referee', 'system']),
    at: isoDate,
    note: z.nullable(z.string()),
  }),
);

export const BookingSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    state: z.enum(BOOKING_STATES),
    kind: z.enum(SERVICE_KINDS),
    serviceId: z.string(),
    companyId: z.string(),
    companyName: z.string(),
    /** Whole rupees, the fee when booked. */
    fee: z.number(),
    /** Paise charged (fee × 100). */
    amount: z.number(),
    /** Live kinds; null for async. */
    startsAt: z.nullable(isoDate),
    endsAt: z.nullable(isoDate),
    durationMinutes: z.nullable(z.number()),
    /** requested: when the hold ends. */
    heldUntil: z.nullable(isoDate),
    /** Async: paid + delivery days. */
    dueAt: z.nullable(isoDate),
    /** Confirmed live sessions, for both sides; null otherwise. */
    meetingUrl: z.nullable(z.string()),
    note: z.nullable(z.string()),
    paidAt: z.nullable(isoDate),
    paidWith: z.nullable(z.enum(PAYMENT_METHODS)),
    /** An open gateway order for this booking (the app checks its status), else null. */
    orderId: z.nullable(z.string()),
    cancelledBy: z.nullable(z.enum(BOOKING_CANCELLERS)),
    cancelReason: z.nullable(z.string()),
    /** Paise refunded to the wallet (0 when none). */
    refunded: z.number(),
    deliveredAt: z.nullable(isoDate),
    deliveryNote: z.nullable(z.string()),
    /** A delivered file exists (GET …/file gives a link). */
    hasFile: z.boolean(),
    /** Resume writing: the candidate has a CV on their profile (its referee opens it through
     * GET …/candidate-cv while candidateCvShared); always false for live kinds. Defaults to false
     * so a booking an older build saved on the device still reads. */
    candidateHasCv: z._default(z.boolean(), false),
    rating: z.nullable(z.number()),
    review: z.nullable(z.string()),
    createdAt: isoDate,
    updatedAt: isoDate,
    /** The caller's side of it. */
    role: z.enum(['candidate', 'referee']),
    /** What the caller may do now (the app shows only these buttons). */
    actions: z.array(z.enum(BOOKING_ACTIONS)),
    /** The other side: the referee anonymised (designation) to the candidate; the candidate's
     * first name to the referee. */
    counterpart: z.object({ name: z.nullable(z.string()), designation: z.nullable(z.string()) }),
    events: z.array(BookingEventSchema),
  }),
);
export type BookingDto = z.infer<typeof BookingSchema>;
export const BookingOneSchema = lazySchema(() => z.object({ data: BookingSchema }));
export const BookingListSchema = lazySchema(() => z.object({ data: z.array(BookingSchema) }));

/** POST …/pay: wallet → the confirmed booking; gateway → also the order and its checkout. */
export const PayBookingAnswerSchema = lazySchema(() =>
  z.object({
    data: z.object({
      booking: BookingSchema,
      order: z.nullable(OrderSchema),
      checkout: z.nullable(CheckoutSchema),
    }),
  }),
);

export const WalletEntrySchema = lazySchema(() =>
  z.object({
    id: z.number(),
    kind: z.enum(WALLET_ENTRY_KINDS),
    /** Paise; + refund, − payment. */
    amount: z.number(),
    bookingId: z.nullable(z.string()),
    note: z.nullable(z.string()),
    createdAt: isoDate,
  }),
);
export const WalletSchema = lazySchema(() =>
  z.object({
    data: z.object({ balance: z.number(), entries: z.array(WalletEntrySchema) }),
  }),
);
export type Wallet = z.infer<typeof WalletSchema>['data'];

export const RefereeGuidanceSchema = lazySchema(() =>
  z.object({
    data: z.object({
      /** One per kind (disabled defaults for kinds never set up). */
      services: z.array(ServiceSchema),
      timeZone: z.string(),
      windows: z.array(AvailabilityWindowSchema),
      /** Penalty pause: services hidden and new bookings refused until then; else null. */
      pausedUntil: z.nullable(isoDate),
      /** Cancellations/reschedules by the referee in the last penaltyWindowDays. */
      recentChanges: z.number(),
      rating: RatingSchema,
    }),
  }),
);
export type RefereeGuidance = z.infer<typeof RefereeGuidanceSchema>['data'];

export const DeliveryUploadAnswerSchema = lazySchema(() =>
  z.object({
    data: z.object({ uploadUrl: z.string(), fileKey: z.string(), expiresAt: isoDate }),
  }),
);
export const DeliveryFileLinkSchema = lazySchema(() =>
  z.object({
    data: z.object({ url: z.string(), fileName: z.string(), expiresAt: isoDate }),
  }),
);
/** GET …/candidate-cv: the same short-lived link shape as the delivered file's. */
export const CandidateCvLinkSchema = DeliveryFileLinkSchema;
