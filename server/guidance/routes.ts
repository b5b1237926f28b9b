/**
 * The guidance API (issue 19) under /api/guidance; the list of endpoints and who may call each is
 * in src/domain/contract/guidance.ts. Writes are rate limited and honour Idempotency-Key (the
 * outbox sends one: http/idempotency.ts replays the first answer, so a booking sent twice is one
 * booking). A transition in the wrong state answers 409 `{ errorMsg, state }`; the other party
 * taking an action that is not theirs gets 403; anyone else 404 (booking ids are not probed).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AvailabilityBody,
  BookingIdParams,
  CancelBookingBody,
  CreateBookingBody,
  DeliverBookingBody,
  GuidanceCompanyParams,
  GuidanceErrors,
  MeetingLinkBody,
  PayBookingBody,
  RateBookingBody,
  RescheduleBookingBody,
  ServiceBody,
  ServiceIdParams,
  ServiceKindParams,
  type BookingDto,
} from '../../src/domain/contract/guidance';
import { requirePrincipal } from '../auth/authenticate';
import { can } from '../auth/permissions';
import type { Database } from '../db/client';
import { registerRoute, type ApiRoute } from '../http/api-route';
import { acceptEmptyJson } from '../http/empty-json';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { findGeneralUser, requireGeneralUser } from '../users/current-user';
import {
  bookingRoute,
  cancelBookingRoute,
  createBookingRoute,
  deliverBookingRoute,
  guidanceCompaniesRoute,
  guidanceCompanyRoute,
  meetingLinkRoute,
  myBookingsRoute,
  noShowRoute,
  payBookingRoute,
  rateBookingRoute,
  refereeGuidanceRoute,
  refereeScheduleRoute,
  rescheduleBookingRoute,
  saveAvailabilityRoute,
  saveServiceRoute,
  serviceSlotsRoute,
  walletRoute,
} from './api-routes';
import {
  BookingConflict,
  bookingFor,
  cancelBooking,
  candidateBookings,
  createBooking,
  deliverBooking,
  markNoShow,
  rateBooking,
  refereeSchedule,
  rescheduleBooking,
  setMeetingLink,
  slotsOf,
} from './bookings';
import { bookableService, guidanceCompanies, guidanceCompanyPage } from './directory';
import type { DeliveryFiles } from './files';
import { payBooking, type PaymentDeps } from './payment';
import {
  refereeGuidance,
  requireVerifiedReferee,
  saveAvailability,
  upsertService,
} from './services';
import { loadWallet } from './wallet';

export interface GuidanceRouteOptions {
  db: Database;
  clock: () => Date;
  payments: PaymentDeps | null;
  files: DeliveryFiles;
}

const write = { config: { rateLimit: WRITE_RATE_LIMIT } };

/** Answers a BookingConflict as 409 `{ errorMsg, state }`; everything else as thrown. */
function withConflicts<T>(run: () => Promise<T>, reply: FastifyReply): Promise<T | FastifyReply> {
  return run().catch((error: unknown) => {
    if (error instanceof BookingConflict) {
      return reply.code(409).send({ errorMsg: error.message, state: error.state });
    }
    throw error;
  });
}

export function registerGuidanceRoutes(app: FastifyInstance, options: GuidanceRouteOptions) {
  const { db, clock } = options;

  /** Any signed-in user with a profile (reads of the directory). */
  function reader(request: FastifyRequest) {
    requirePrincipal(request);
  }

  /** A candidate (or referee: they may book others) with a profile. */
  async function candidate(request: FastifyRequest) {
    const principal = requirePrincipal(request);
    if (!can(principal, 'apply_jobs')) throw new HttpError(403, GuidanceErrors.candidatesOnly);
    return requireGeneralUser(db, principal);
  }

  /** The caller's product user (candidate or referee side of a booking); 404 without one. */
  async function party(request: FastifyRequest) {
    const principal = requirePrincipal(request);
    const user = await findGeneralUser(db, principal);
    if (!user) throw new HttpError(404, GuidanceErrors.bookingNotFound);
    return user;
  }

  async function referee(request: FastifyRequest) {
    const principal = requirePrincipal(request);
    const user = await findGeneralUser(db, principal);
    if (!user) throw new HttpError(403, GuidanceErrors.notReferee);
    await requireVerifiedReferee(db, user.id);
    return user;
  }

  async function answer(bookingId: string, userId: string): Promise<{ data: BookingDto }> {
    const booking = await bookingFor(db, bookingId, userId, clock());
    if (!booking) throw new HttpError(404, GuidanceErrors.bookingNotFound);
    return { data: booking };
  }

  const idOf = (request: FastifyRequest) =>
    parseOrThrow(BookingIdParams, request.params, 'booking id').id;

  void app.register((scope, _opts, done) => {
    acceptEmptyJson(scope);

    registerRoute(scope, guidanceCompaniesRoute, async (request) => {
      reader(request);
      return { data: await guidanceCompanies(db, clock()) };
    });

    registerRoute(scope, guidanceCompanyRoute, async (request) => {
      reader(request);
      const { companyId } = parseOrThrow(GuidanceCompanyParams, request.params, 'company id');
      return { data: await guidanceCompanyPage(db, companyId, clock()) };
    });

    registerRoute(scope, serviceSlotsRoute, async (request) => {
      reader(request);
      const { serviceId } = parseOrThrow(ServiceIdParams, request.params, 'service id');
      const now = clock();
      const { service, settings } = await bookableService(db, serviceId, now);
      const slots = await slotsOf(db, service, settings, now);
      return {
        data: {
          serviceId: service.id,
          durationMinutes: service.durationMinutes ?? 0,
          slots: slots.map((ms) => new Date(ms).toISOString()),
        },
      };
    });

    registerRoute(
      scope,
      createBookingRoute,
      async (request, reply) => {
        const user = await candidate(request);
        const body = parseOrThrow(CreateBookingBody, request.body ?? {}, 'booking');
        return withConflicts(async () => {
          const row = await createBooking(db, { candidateId: user.id, ...body, now: clock() });
          return reply.code(201).send(await answer(row.id, user.id));
        }, reply);
      },
      write,
    );

    registerRoute(
      scope,
      payBookingRoute,
      async (request, reply) => {
        const user = await candidate(request);
        const id = idOf(request);
        const { method } = parseOrThrow(PayBookingBody, request.body ?? {}, 'payment');
        return withConflicts(async () => {
          const paid = await payBooking(db, options.payments, {
            bookingId: id,
            candidateId: user.id,
            method,
            now: clock(),
            log: request.log,
          });
          const { data } = await answer(id, user.id);
          return { data: { booking: data, order: paid.order, checkout: paid.checkout } };
        }, reply);
      },
      write,
    );

    registerRoute(scope, myBookingsRoute, async (request) => {
      const user = await party(request).catch(() => null);
      return { data: user ? await candidateBookings(db, user.id, clock()) : [] };
    });

    registerRoute(scope, bookingRoute, async (request) => {
      const user = await party(request);
      return answer(idOf(request), user.id);
    });

    /**
     * A move of one booking by one of its two sides: the caller's user, the booking id and the
     * parsed body go to `act`; a conflict answers 409 with the booking's state, success the
     * booking as the caller now sees it.
     */
    function transitionRoute<Body>(
      route: ApiRoute,
      parse: (request: FastifyRequest) => Body,
      act: (move: { bookingId: string; userId: string; body: Body; now: Date }) => Promise<unknown>,
    ) {
      registerRoute(
        scope,
        route,
        async (request, reply) => {
          const user = await party(request);
          const bookingId = idOf(request);
          const body = parse(request);
          return withConflicts(async () => {
            await act({ bookingId, userId: user.id, body, now: clock() });
            return answer(bookingId, user.id);
          }, reply);
        },
        write,
      );
    }

    transitionRoute(
      cancelBookingRoute,
      (request) => parseOrThrow(CancelBookingBody, request.body ?? undefined, 'cancel'),
      ({ body, ...move }) => cancelBooking(db, { ...move, reason: body?.reason }),
    );
    transitionRoute(
      rescheduleBookingRoute,
      (request) => parseOrThrow(RescheduleBookingBody, request.body ?? {}, 'reschedule'),
      ({ body, ...move }) => rescheduleBooking(db, { ...move, startsAt: body.startsAt }),
    );
    transitionRoute(
      meetingLinkRoute,
      (request) => parseOrThrow(MeetingLinkBody, request.body ?? {}, 'meeting link'),
      ({ body, ...move }) => setMeetingLink(db, { ...move, meetingUrl: body.meetingUrl }),
    );
    transitionRoute(
      deliverBookingRoute,
      (request) => parseOrThrow(DeliverBookingBody, request.body ?? undefined, 'delivery'),
      async ({ body, ...move }) => {
        const file = body?.fileKey
          ? await options.files.takeDeliveryFile({
              bookingId: move.bookingId,
              refereeId: move.userId,
              key: body.fileKey,
            })
          : null;
        await deliverBooking(db, { ...move, note: body?.note, file });
      },
    );
    transitionRoute(
      noShowRoute,
      () => undefined,
      ({ body: _none, ...move }) => markNoShow(db, move),
    );
    transitionRoute(
      rateBookingRoute,
      (request) => parseOrThrow(RateBookingBody, request.body ?? {}, 'rating'),
      ({ body, ...move }) => rateBooking(db, { ...move, ...body }),
    );

    options.files.register(scope, { party, idOf });

    registerRoute(scope, walletRoute, async (request) => {
      const user = await party(request).catch(() => null);
      return { data: user ? await loadWallet(db, user.id) : { balance: 0, entries: [] } };
    });

    registerRoute(scope, refereeGuidanceRoute, async (request) => {
      const user = await referee(request);
      return { data: await refereeGuidance(db, user.id, clock()) };
    });

    registerRoute(
      scope,
      saveServiceRoute,
      async (request) => {
        const user = await referee(request);
        const { kind } = parseOrThrow(ServiceKindParams, request.params, 'service kind');
        const body = parseOrThrow(ServiceBody, request.body ?? {}, 'service');
        const now = clock();
        await upsertService(db, user.id, kind, body, now);
        return { data: await refereeGuidance(db, user.id, now) };
      },
      write,
    );

    registerRoute(
      scope,
      saveAvailabilityRoute,
      async (request) => {
        const user = await referee(request);
        const body = parseOrThrow(AvailabilityBody, request.body ?? {}, 'availability');
        const now = clock();
        await saveAvailability(db, user.id, body, now);
        return { data: await refereeGuidance(db, user.id, now) };
      },
      write,
    );

    registerRoute(scope, refereeScheduleRoute, async (request) => {
      const user = await referee(request);
      return { data: await refereeSchedule(db, user.id, clock()) };
    });

    done();
  });
}
