/**
 * The manifest's share target (issue 8): another app shares text and/or a URL with ReferralHub
 * (GET /share-target?title=&text=&url=). A link to one of our job pages opens that job; anything
 * else becomes a job search for the shared text.
 */
export type ShareDestination =
  { to: 'job'; companyName: string; jobId: string } | { to: 'search'; searchText: string };

export interface SharedData {
  title?: string;
  text?: string;
  url?: string;
}

const JOB_PATH = /^\/jobs\/([^/?#]+)\/([^/?#]+)\/?$/;
const URL_IN_TEXT = /https?:\/\/\S+/;

function jobFromUrl(raw: string, origin: string): ShareDestination | undefined {
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const match = JOB_PATH.exec(url.pathname);
  if (!match?.[1] || !match[2]) return undefined;
  try {
    return {
      to: 'job',
      companyName: decodeURIComponent(match[1]),
      jobId: decodeURIComponent(match[2]),
    };
  } catch {
    return undefined; // a malformed escape: not one of our links
  }
}

export function shareDestination(shared: SharedData, origin: string): ShareDestination {
  // Android puts the link in `text` as often as in `url`.
  const candidates = [shared.url, URL_IN_TEXT.exec(shared.text ?? '')?.[0]].filter(
    (value): value is string => Boolean(value),
  );
  for (const candidate of candidates) {
    const job = jobFromUrl(candidate, origin);
    if (job) return job;
  }
  const words = (shared.text || shared.title || '')
    .replace(URL_IN_TEXT, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { to: 'search', searchText: words.slice(0, 200) };
}
