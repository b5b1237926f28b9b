/**
 * What the stand-in knows about the HTTP request behind a user-pool API call. cognito-local's
 * router hands a target handler only the JSON body; Cognito itself also sees the caller's
 * User-Agent, which it uses to name a new passkey ("Chrome on Android", `src/domain/device-name.ts`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestContext {
  readonly userAgent: string | undefined;
}

const current = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return current.run(context, work);
}

export function requestUserAgent(): string | undefined {
  return current.getStore()?.userAgent;
}

export { deviceNameFromUserAgent } from '../../src/domain/device-name';
