/**
 * The guidance routes' descriptors (issue 19): method, URL, summary, the contract's schemas and
 * what each status means. routes.ts registers the handlers under these and GET /api/docs is
 * generated from them (http/openapi.ts GUIDANCE_ROUTES), so a path is written once.
 */
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  AvailabilityBody,
  BookingIdParams,
  BookingListSchema,
  BookingOneSchema,
  CancelBookingBody,
  CandidateCvLinkSchema,
  CreateBookingBody,
  DeliverBookingBody,
  DeliveryFileLinkSchema,
  DeliveryUploadAnswerSchema,
  DeliveryUploadBody,
  GuidanceCompanyListSchema,
  GuidanceCompanyPageSchema,
  GuidanceCompanyParams,
  MeetingLinkBody,
  PayBookingAnswerSchema,
  PayBookingBody,
  RateBookingBody,
  RefereeGuidanceSchema,
  RescheduleBookingBody,
  ServiceBody,
  ServiceIdParams,
  ServiceKindParams,
  SlotListSchema,
  WalletSchema,
} from '../../src/domain/contract/guidance';
import { defineRoute, type ApiRoute } from '../http/api-route';

const G = `${API_PREFIX}/guidance`;

const transition = {
  403: { description: 'The other party of the booking may never take this action' },
  404: { description: 'No such booking of the caller' },
  409: { description: 'Not in this state, or outside the cut-off: `{ errorMsg, state }`' },
} as const;

function action(name: string, summary: string, body: ApiRoute['body'], required = false) {
  return defineRoute({
    method: 'POST',
    url: `${G}/bookings/:id/${name}`,
    summary,
    auth: true,
    params: BookingIdParams,
    body,
    bodyRequired: required,
    responses: { 200: { description: 'The booking', schema: BookingOneSchema }, ...transition },
  });
}

export const guidanceCompaniesRoute = defineRoute({
  method: 'GET',
  url: `${G}/companies`,
  summary: 'Companies whose referees offer bookable services (paused referees left out)',
  auth: true,
  responses: { 200: { description: 'The companies', schema: GuidanceCompanyListSchema } },
});

export const guidanceCompanyRoute = defineRoute({
  method: 'GET',
  url: `${G}/companies/:companyId`,
  summary:
    "A company's referees (anonymised: designation, years, rating), their services, fees and next free slots",
  auth: true,
  params: GuidanceCompanyParams,
  responses: {
    200: { description: 'The company page', schema: GuidanceCompanyPageSchema },
    404: { description: 'No such company' },
  },
});

export const serviceSlotsRoute = defineRoute({
  method: 'GET',
  url: `${G}/services/:serviceId/slots`,
  summary: 'Free slots of a live service for the next 14 days',
  auth: true,
  params: ServiceIdParams,
  responses: {
    200: { description: 'The slots (ISO instants)', schema: SlotListSchema },
    404: { description: 'No such service (or it is off, or its referee is paused)' },
  },
});

export const createBookingRoute = defineRoute({
  method: 'POST',
  url: `${G}/bookings`,
  summary: 'Book a free slot (live) or order an async service; the slot is held while paying',
  auth: true,
  body: CreateBookingBody,
  responses: {
    201: { description: 'The requested booking (heldUntil)', schema: BookingOneSchema },
    403: { description: 'Not a candidate' },
    404: { description: 'No such service' },
    409: { description: 'Slot taken or not offered, or the referee is paused' },
    422: { description: 'Own service' },
  },
});

export const payBookingRoute = defineRoute({
  method: 'POST',
  url: `${G}/bookings/:id/pay`,
  summary:
    'Pay a requested booking: from the wallet (confirmed at once) or online (an order and its checkout)',
  auth: true,
  params: BookingIdParams,
  body: PayBookingBody,
  responses: {
    200: {
      description: 'The booking, with the order and checkout',
      schema: PayBookingAnswerSchema,
    },
    404: { description: 'No such booking of the caller' },
    409: { description: 'Not payable: the hold ran out and the slot is taken, wallet too low…' },
    503: { description: 'The payment gateway is not reachable' },
  },
});

export const myBookingsRoute = defineRoute({
  method: 'GET',
  url: `${G}/bookings/mine`,
  summary: "The caller's bookings as a candidate, newest first (lapsed holds shown as expired)",
  auth: true,
  responses: { 200: { description: 'The bookings', schema: BookingListSchema } },
});

export const bookingRoute = defineRoute({
  method: 'GET',
  url: `${G}/bookings/:id`,
  summary: 'One booking, for its candidate or its referee',
  auth: true,
  params: BookingIdParams,
  responses: {
    200: { description: 'The booking', schema: BookingOneSchema },
    404: { description: 'No such booking of the caller' },
  },
});

export const cancelBookingRoute = action(
  'cancel',
  'Cancel: the candidate until the cut-off (refund to the wallet), the referee any time (full refund; counts to the penalty)',
  CancelBookingBody,
);
export const rescheduleBookingRoute = action(
  'reschedule',
  'Move a live session to another free slot, until the cut-off (a referee’s move counts to the penalty)',
  RescheduleBookingBody,
  true,
);
export const meetingLinkRoute = action(
  'link',
  'The referee replaces the meeting link',
  MeetingLinkBody,
  true,
);
export const deliverBookingRoute = action(
  'deliver',
  'The referee marks it delivered (resume writing: with the uploaded file)',
  DeliverBookingBody,
);
export const noShowRoute = action(
  'no-show',
  'The referee says the candidate did not come (after the start; no refund)',
  undefined,
);
export const rateBookingRoute = action(
  'rate',
  'The candidate rates a delivered booking (1–5) with a short review',
  RateBookingBody,
  true,
);

export const deliveryUploadRoute = defineRoute({
  method: 'POST',
  url: `${G}/bookings/:id/file-upload`,
  summary:
    'A signed, expiring, single-use URL to PUT the delivery file to (PDF or DOCX, under 2 MB): the referee of a confirmed resume-writing order',
  auth: true,
  params: BookingIdParams,
  body: DeliveryUploadBody,
  responses: {
    200: { description: 'Where to PUT and the key to deliver', schema: DeliveryUploadAnswerSchema },
    403: { description: 'Not the referee of this booking' },
    404: { description: 'No such booking of the caller' },
    409: { description: 'Not confirmed, or not an async service' },
    415: { description: 'Not a PDF or DOCX' },
  },
});

export const deliveryFileRoute = defineRoute({
  method: 'GET',
  url: `${G}/bookings/:id/file`,
  summary: 'A 5-minute link to the delivered file, for the candidate and the referee',
  auth: true,
  params: BookingIdParams,
  responses: {
    200: { description: 'The link', schema: DeliveryFileLinkSchema },
    404: { description: 'No such booking of the caller, or no file' },
  },
});

export const candidateCvRoute = defineRoute({
  method: 'GET',
  url: `${G}/bookings/:id/candidate-cv`,
  summary:
    "A 5-minute link to the candidate's profile CV, for the referee of a paid, confirmed or delivered resume-writing order",
  auth: true,
  params: BookingIdParams,
  responses: {
    200: { description: 'The link', schema: CandidateCvLinkSchema },
    403: { description: 'The candidate of the booking (it is for the referee)' },
    404: { description: 'No such booking of the caller' },
    409: {
      description: 'Not a resume-writing order, not in a paid state, or the candidate has no CV',
    },
  },
});

export const walletRoute = defineRoute({
  method: 'GET',
  url: `${G}/wallet`,
  summary: "The caller's guidance wallet: balance (paise) and movements",
  auth: true,
  responses: { 200: { description: 'The wallet', schema: WalletSchema } },
});

export const refereeGuidanceRoute = defineRoute({
  method: 'GET',
  url: `${G}/me`,
  summary: "The referee's services (all four kinds), availability, pause and rating",
  auth: true,
  responses: {
    200: { description: 'The dashboard', schema: RefereeGuidanceSchema },
    403: { description: 'Not a verified referee' },
  },
});

export const saveServiceRoute = defineRoute({
  method: 'PUT',
  url: `${G}/me/services/:kind`,
  summary: 'Create or update one service (fee in whole rupees, ₹99–₹20,000)',
  auth: true,
  params: ServiceKindParams,
  body: ServiceBody,
  responses: {
    200: { description: 'The dashboard', schema: RefereeGuidanceSchema },
    403: { description: 'Not a verified referee' },
  },
});

export const saveAvailabilityRoute = defineRoute({
  method: 'PUT',
  url: `${G}/me/availability`,
  summary: 'Weekly windows (ISO weekday, HH:MM–HH:MM) in an IANA time zone',
  auth: true,
  body: AvailabilityBody,
  responses: {
    200: { description: 'The dashboard', schema: RefereeGuidanceSchema },
    403: { description: 'Not a verified referee' },
  },
});

export const refereeScheduleRoute = defineRoute({
  method: 'GET',
  url: `${G}/me/schedule`,
  summary: "The referee's bookings (lapsed holds left out)",
  auth: true,
  responses: {
    200: { description: 'The schedule', schema: BookingListSchema },
    403: { description: 'Not a verified referee' },
  },
});

export const GUIDANCE_ROUTES: readonly ApiRoute[] = [
  guidanceCompaniesRoute,
  guidanceCompanyRoute,
  serviceSlotsRoute,
  createBookingRoute,
  payBookingRoute,
  myBookingsRoute,
  bookingRoute,
  cancelBookingRoute,
  rescheduleBookingRoute,
  meetingLinkRoute,
  deliverBookingRoute,
  noShowRoute,
  rateBookingRoute,
  deliveryUploadRoute,
  deliveryFileRoute,
  candidateCvRoute,
  walletRoute,
  refereeGuidanceRoute,
  saveServiceRoute,
  saveAvailabilityRoute,
  refereeScheduleRoute,
];
