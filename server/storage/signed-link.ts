/**
 * A short-lived link to read one stored object: the S3 presigned GET when the store is S3, else
 * this server's signed `GET /storage/<key>` (get-route.ts). One place for the CV link of its owner,
 * the CV link of the offered referee and the link to a referral's proof, so all three expire and
 * are answered alike.
 */
import type { FastifyReply } from 'fastify';
import { linkOrigin } from '../http/public-origin';
import type { ObjectStore } from './object-store';
import { signedDownloadPath } from './url-signing';

export interface SignedLinkOptions {
  store: ObjectStore;
  signingSecret: () => string;
  /** Origin for links we hand out; empty: root-relative (http/public-origin.ts). */
  publicOrigin: string;
}

export interface SignedLink {
  url: string;
  fileName: string;
  expiresAt: string;
}

export async function signedFileLink(
  { store, signingSecret, publicOrigin }: SignedLinkOptions,
  { key, name, seconds }: { key: string; name: string; seconds: number },
): Promise<SignedLink> {
  // Real time, as the storage GET route checks it.
  const expires = Math.floor(Date.now() / 1000) + seconds;
  const url = store.direct
    ? await store.direct.downloadUrl(key, { fileName: name, expiresInSeconds: seconds })
    : `${linkOrigin(publicOrigin)}${signedDownloadPath(signingSecret(), { key, expires, name })}`;
  return { url, fileName: name, expiresAt: new Date(expires * 1000).toISOString() };
}

/** A link minted now must not be served from a cache later. */
export function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store');
}
