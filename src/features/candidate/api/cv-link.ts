/**
 * `GET /user/{email}/cv/url` (issue 10; docs/api.md): a link to the candidate's current CV that
 * works for five minutes. It is fetched while the profile page shows the CV and renewed before
 * it runs out, so "View CV" is a plain link (new tab, long-press, middle-click all work). Not
 * persisted: an expired link is worth nothing offline.
 */
import { queryOptions } from '@tanstack/react-query';
import { CvLinkSchema, type CvLink } from '@/domain/contract/files';
import { api } from '@/lib/api';

export type { CvLink };

/** The server's links last 5 minutes; renew a minute early. */
const RENEW_MS = 4 * 60 * 1000;

/** Only http(s) links are rendered: odd data from the network never becomes a `javascript:` href. */
function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value, window.location.href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export const cvLinkQuery = (email: string, fileVersion: string) =>
  queryOptions({
    // The file's name and upload date in the key: a replaced CV gets a new link at once.
    queryKey: ['cv-link', email, fileVersion],
    queryFn: async (): Promise<CvLink> => {
      const { data } = await api.get(`/user/${encodeURIComponent(email)}/cv/url`, {
        schema: CvLinkSchema,
      });
      if (!isWebUrl(data.url)) throw new Error('The CV link is not valid.');
      return data;
    },
    staleTime: RENEW_MS,
    refetchInterval: RENEW_MS,
    gcTime: RENEW_MS,
    retry: 1,
  });
