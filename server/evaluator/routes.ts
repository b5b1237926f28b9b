/**
 * The evaluator's API (issue 21 item 4):
 *   GET  /api/evaluator/queue                         people to assess, most urgent first
 *   GET  /api/evaluator/people/{userId}               the person as an evaluator needs them
 *   GET  /api/evaluator/people/{userId}/cv            a 5-minute signed link to their CV
 *   GET  /api/evaluator/people/{userId}/assessments   their assessments, newest first
 *   POST /api/evaluator/people/{userId}/assessments   a new assessment (201)
 *
 * spec §6 gives evaluate_candidates to the evaluator role only: evaluators use every call here.
 * Site admins may read a person's assessment history (oversight, with the audit log) but do not
 * assess. Everyone else is refused (403), nobody signed in gets 401.
 */
import type { FastifyInstance } from 'fastify';
import {
  AssessmentErrors,
  AssessmentHistorySchema,
  AssessmentInputSchema,
  AssessmentOneSchema,
  AssessmentPaths,
  EvaluatedPersonOneSchema,
  PersonCvLinkSchema,
  PersonParams,
  QueueSchema,
} from '../../src/domain/contract/assessments';
import { API_PREFIX } from '../../src/domain/contract/common';
import { requirePrincipal } from '../auth/authenticate';
import { can } from '../auth/permissions';
import type { Principal } from '../auth/verify-token';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { isObjectKey, type ObjectStore } from '../storage/object-store';
import { createObjectStore } from '../storage/select-store';
import { noStore, signedFileLink } from '../storage/signed-link';
import { resolveSigningSecret } from '../storage/signing-secret';
import { createAssessment, listAssessments, loadPerson, loadQueue, personCvKey } from './service';

const CV_LINK_SECONDS = 5 * 60;
const NO_CV = 'This person has no CV on file';
const refused = { description: AssessmentErrors.evaluatorsOnly };

export const evaluatorQueueRoute = defineRoute({
  method: 'GET',
  url: AssessmentPaths.queue,
  summary: 'People to assess: new referral requesters first, then referees never assessed',
  auth: true,
  responses: { 200: { description: '`{ data: QueueItem[] }`', schema: QueueSchema }, 403: refused },
});

export const evaluatedPersonRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/evaluator/people/:userId`,
  summary: 'A person as an evaluator needs them: skills, experience, referral history counts',
  auth: true,
  params: PersonParams,
  responses: {
    200: { description: '`{ data: EvaluatedPerson }`', schema: EvaluatedPersonOneSchema },
    403: refused,
    404: { description: AssessmentErrors.personNotFound },
  },
});

export const evaluatedPersonCvRoute = defineRoute({
  method: 'GET',
  url: `${evaluatedPersonRoute.url}/cv`,
  summary: "A 5-minute signed link to the person's CV (evaluators)",
  auth: true,
  params: PersonParams,
  responses: {
    200: { description: '`{ data: { url, expiresAt } }`', schema: PersonCvLinkSchema },
    403: refused,
    404: { description: NO_CV },
  },
});

export const assessmentHistoryRoute = defineRoute({
  method: 'GET',
  url: `${evaluatedPersonRoute.url}/assessments`,
  summary: "A person's assessments, newest first (evaluators and site admins)",
  auth: true,
  params: PersonParams,
  responses: {
    200: { description: '`{ data: Assessment[] }`', schema: AssessmentHistorySchema },
    403: { description: AssessmentErrors.readersOnly },
    404: { description: AssessmentErrors.personNotFound },
  },
});

export const createAssessmentRoute = defineRoute({
  method: 'POST',
  url: `${evaluatedPersonRoute.url}/assessments`,
  summary: 'Record a new assessment (history: earlier ones are kept); the newest is the score',
  auth: true,
  params: PersonParams,
  body: AssessmentInputSchema,
  responses: {
    201: { description: '`{ data: Assessment }`', schema: AssessmentOneSchema },
    403: { description: `${AssessmentErrors.evaluatorsOnly}; ${AssessmentErrors.notYourself}` },
    404: { description: AssessmentErrors.personNotFound },
  },
});

export const EVALUATOR_ROUTES = [
  evaluatorQueueRoute,
  evaluatedPersonRoute,
  evaluatedPersonCvRoute,
  assessmentHistoryRoute,
  createAssessmentRoute,
] as const;

export interface EvaluatorRouteOptions {
  readonly db: Database;
  /** Without it the CV link answers 404 (tests that build the server without storage). */
  readonly config?: ServerConfig;
  readonly store?: ObjectStore;
  readonly clock?: () => Date;
}

function requireEvaluator(principal: Principal): void {
  // spec §6: evaluate_candidates (the evaluator role only).
  if (!can(principal, 'evaluate_candidates')) {
    throw new HttpError(403, AssessmentErrors.evaluatorsOnly);
  }
}

export function registerEvaluatorRoutes(app: FastifyInstance, options: EvaluatorRouteOptions) {
  const { db, config } = options;
  const clock = options.clock ?? (() => new Date());
  let store: Promise<ObjectStore> | undefined = options.store
    ? Promise.resolve(options.store)
    : undefined;
  const storeOf = (settings: ServerConfig) => (store ??= createObjectStore(settings));
  let secret: string | undefined;

  registerRoute(app, evaluatorQueueRoute, async (request, reply) => {
    const principal = requirePrincipal(request);
    requireEvaluator(principal);
    noStore(reply);
    return { data: await loadQueue(db, principal.sub, clock()) };
  });

  registerRoute(app, evaluatedPersonRoute, async (request, reply) => {
    requireEvaluator(requirePrincipal(request));
    const { userId } = parseOrThrow(evaluatedPersonRoute.params, request.params, 'person');
    noStore(reply);
    return { data: await loadPerson(db, userId) };
  });

  registerRoute(app, evaluatedPersonCvRoute, async (request, reply) => {
    requireEvaluator(requirePrincipal(request));
    const { userId } = parseOrThrow(evaluatedPersonCvRoute.params, request.params, 'person');
    const key = await personCvKey(db, userId);
    if (!config || !key || !isObjectKey(key)) throw new HttpError(404, NO_CV);
    const objects = await storeOf(config);
    if (!(await objects.exists(key))) throw new HttpError(404, NO_CV);
    noStore(reply);
    // A neutral file name: the person's own may carry their full name.
    const { url, expiresAt } = await signedFileLink(
      {
        store: objects,
        signingSecret: () =>
          (secret ??= resolveSigningSecret(config.STORAGE_SIGNING_SECRET, config.DATA_DIR)),
        publicOrigin: config.PUBLIC_ORIGIN,
      },
      { key, name: 'CV.pdf', seconds: CV_LINK_SECONDS },
    );
    return { data: { url, expiresAt } };
  });

  registerRoute(app, assessmentHistoryRoute, async (request, reply) => {
    const principal = requirePrincipal(request);
    if (!can(principal, 'evaluate_candidates') && !principal.roles.includes('admin')) {
      throw new HttpError(403, AssessmentErrors.readersOnly);
    }
    const { userId } = parseOrThrow(assessmentHistoryRoute.params, request.params, 'person');
    noStore(reply);
    return { data: await listAssessments(db, userId) };
  });

  registerRoute(
    app,
    createAssessmentRoute,
    async (request, reply) => {
      const principal = requirePrincipal(request);
      requireEvaluator(principal);
      const { userId } = parseOrThrow(createAssessmentRoute.params, request.params, 'person');
      const input = parseOrThrow(createAssessmentRoute.body, request.body, 'assessment');
      const assessment = await createAssessment(db, {
        evaluatorSub: principal.sub,
        userId,
        input,
        now: clock(),
      });
      return reply.status(201).send({ data: assessment });
    },
    { config: { rateLimit: WRITE_RATE_LIMIT } },
  );
}
