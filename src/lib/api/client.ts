/**
 * The one API client (spec §7), the only place the app calls `fetch`.
 *
 * - Two bases: the API host (`config.apiUrl`) and the jobs host (`config.jobsApiUrl`); an
 *   absolute URL (a signed storage URL) is used as given.
 * - JSON content type and a bearer token on every call by default (a placeholder when signed
 *   out); optional tenant/state/school id headers and the object-storage tagging header.
 * - Query params become a query string with empty, null and undefined values dropped.
 * - Errors (spec §8): POST gives the response's `errorMsg` or "Something went wrong"; GET, PUT,
 *   PATCH and DELETE give "HTTP error! status: {code}, message: {text}", where text is the
 *   server's `errorMsg` when it sent one, else the status text. PATCH treats 204 as success
 *   with no body and a network failure as status 500.
 * - Every response body is checked with the caller's zod schema (zod/mini keeps it small).
 * - A request that stalls past `timeoutMs` is aborted and counts as a network failure, so
 *   "lie-fi" shows cached data instead of a spinner; every outcome is reported to connectivity.
 */
import type * as z from 'zod/mini';
import { errorMsgOf } from '@/domain/contract/error-body';
import { config } from '../config';
import { currentAccessToken, hasAccessTokenSource, PLACEHOLDER_TOKEN } from './access-token';
import { ApiError, DEFAULT_POST_ERROR, httpErrorMessage } from './api-error';
import { reportNetworkOutcome } from './connectivity';
import { buildQueryString, type QueryParams } from '@/domain/query-string';

export type ApiBase = 'api' | 'jobs';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Default time a request may take before it counts as a network failure. */
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface ApiHeaders {
  readonly tenantId?: string;
  readonly stateId?: string;
  readonly schoolId?: string;
  /** Object-storage tagging for file uploads (sent as x-amz-tagging). */
  readonly storageTagging?: string;
}

export interface ApiRequest<T> {
  /**
   * The answer's schema, or a loader of it (a schema in a chunk of its own): the loader starts
   * with the request, so loading the schema does not hold the call back.
   */
  readonly schema: z.ZodMiniType<T> | (() => Promise<z.ZodMiniType<T>>);
  readonly base?: ApiBase;
  readonly query?: QueryParams;
  /** Sent as JSON, or as is when it is a Blob (a file PUT to a signed URL). */
  readonly body?: unknown;
  readonly headers?: ApiHeaders;
  /** false: no Authorization header (signed storage URLs carry their own credentials). */
  readonly auth?: boolean;
  /** A specific bearer token (e.g. the ID token where the server needs the verified email). */
  readonly bearer?: string;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

function resolveUrl(path: string, base: ApiBase, query: QueryParams | undefined): string {
  const root = base === 'jobs' ? config.jobsApiUrl : config.apiUrl;
  const url = /^https?:\/\//.test(path) ? path : `${root}${path.startsWith('/') ? '' : '/'}${path}`;
  const qs = buildQueryString(query);
  return qs ? `${url}${url.includes('?') ? `&${qs.slice(1)}` : qs}` : url;
}

async function buildHeaders(request: ApiRequest<unknown>, token?: string): Promise<Headers> {
  const headers = new Headers();
  const raw = request.body instanceof Blob;
  headers.set(
    'content-type',
    raw ? request.body.type || 'application/octet-stream' : 'application/json',
  );
  if (request.auth !== false) {
    headers.set(
      'authorization',
      `Bearer ${request.bearer ?? token ?? (await currentAccessToken())}`,
    );
  }
  const extra = request.headers ?? {};
  if (extra.tenantId) headers.set('x-tenant-id', extra.tenantId);
  if (extra.stateId) headers.set('x-state-id', extra.stateId);
  if (extra.schoolId) headers.set('x-school-id', extra.schoolId);
  if (extra.storageTagging) headers.set('x-amz-tagging', extra.storageTagging);
  return headers;
}

function retriesWithFreshToken(request: ApiRequest<unknown>): boolean {
  return request.auth !== false && request.bearer === undefined && hasAccessTokenSource();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFor(method: HttpMethod, status: number, statusText: string, body: unknown) {
  const errorMsg = errorMsgOf(body);
  if (method === 'POST') return new ApiError(errorMsg || DEFAULT_POST_ERROR, status);
  return new ApiError(httpErrorMessage(status, errorMsg || statusText), status);
}

function networkError(method: HttpMethod, cause: unknown): ApiError {
  const reason =
    cause instanceof Error && cause.name === 'TimeoutError' ? 'Request timed out' : 'Network error';
  // spec §8: a failed PATCH returns status 500 on network failure.
  const status = method === 'PATCH' ? 500 : 0;
  const message = method === 'POST' ? DEFAULT_POST_ERROR : httpErrorMessage(status, reason);
  return new ApiError(message, status, true);
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  request: ApiRequest<T>,
): Promise<T> {
  const url = resolveUrl(path, request.base ?? 'api', request.query);
  const schema =
    typeof request.schema === 'function' ? request.schema() : Promise.resolve(request.schema);
  // Awaited once the answer is in; a failed load must not be reported unhandled before that.
  schema.catch(() => undefined);
  const timeout = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const body =
    request.body === undefined
      ? undefined
      : request.body instanceof Blob
        ? request.body
        : JSON.stringify(request.body);
  let response: Response;
  const sentAt = performance.now();
  try {
    response = await fetch(url, { method, headers: await buildHeaders(request), body, signal });
    // A read refused for its token while someone is signed in (it went out before the session
    // was up, or the token expired): retry once with a fresh token rather than show "empty"
    // (issue 26 item 2). Writes go through the outbox, which has its own 401 rule.
    if (response.status === 401 && method === 'GET' && retriesWithFreshToken(request)) {
      // The refusal is read first: left unread it would hold its request open until the timeout.
      await response.arrayBuffer().catch(() => undefined);
      const token = await currentAccessToken({ forceRefresh: true });
      if (token !== PLACEHOLDER_TOKEN) {
        const headers = await buildHeaders(request, token);
        response = await fetch(url, { method, headers, signal });
      }
    }
  } catch (cause) {
    // The caller cancelled (e.g. a query unmounted): not a connectivity signal.
    if (request.signal?.aborted) throw cause;
    reportNetworkOutcome(false);
    throw networkError(method, cause);
  }
  reportNetworkOutcome(true, sentAt);
  const data = await readJson(response).catch(() => undefined);
  if (!response.ok) throw errorFor(method, response.status, response.statusText, data);
  // spec §7: PATCH treats 204 as success with no body.
  if (method === 'PATCH' && response.status === 204) return undefined as T;
  const parsed = (await schema).safeParse(data);
  if (!parsed.success) {
    throw new ApiError(
      `Unexpected response from ${method} ${path}: ${parsed.error.message}`,
      response.status,
    );
  }
  return parsed.data;
}

type Call = <T>(path: string, request: ApiRequest<T>) => Promise<T>;

/** The generic helpers of spec §7. */
export const api: Record<'get' | 'post' | 'put' | 'patch' | 'delete', Call> = {
  get: (path, request) => apiRequest('GET', path, request),
  post: (path, request) => apiRequest('POST', path, request),
  put: (path, request) => apiRequest('PUT', path, request),
  patch: (path, request) => apiRequest('PATCH', path, request),
  delete: (path, request) => apiRequest('DELETE', path, request),
};
