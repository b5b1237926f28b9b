/**
 * What the stand-in knows about the HTTP request behind a user-pool API call. cognito-local's
 * router hands a target handler only the JSON body; Cognito itself also sees the caller's
 * User-Agent, which it uses to name a new passkey ("Chrome on Android") and a new device.
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

/** "Chrome on Android", "Safari on iPhone", …: the browser and the system, as people say them. */
export function deviceNameFromUserAgent(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'Mac'
          : /Windows/.test(ua)
            ? 'Windows'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : undefined;
  // Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : undefined;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'This device';
}
