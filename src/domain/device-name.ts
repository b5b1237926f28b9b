/**
 * A device as people name it ("Chrome on Android", "Safari on iPhone"), from a User-Agent string
 * or the device name Amplify sends with ConfirmDevice (the User-Agent, or client hints such as
 * "Linux … Chromium/131"). Used by the identity stand-in to name a new passkey and by the app to
 * label remembered devices (issue 27).
 */
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
