/**
 * Object keys for uploaded files. The server makes every key (the client's file name never
 * becomes part of a path), so keys are safe to map onto a disk folder or an S3 prefix.
 */
import { randomUUID } from 'node:crypto';

/** An id reduced to the characters a key segment allows. */
export function keySegment(id: string, fallback: string): string {
  return (
    id
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, '_')
      .slice(0, 64) || fallback
  );
}

/** `cv/<userId>/<uuid>.pdf`, with the user id reduced to the characters a key allows. */
export function newResumeKey(userId: string): { fileId: string; key: string } {
  const fileId = randomUUID();
  return { fileId, key: `cv/${keySegment(userId, 'user')}/${fileId}.pdf` };
}

/** The folder of one referral request's proofs: `proof/<requestId>/`. */
export function proofKeyPrefix(requestId: string): string {
  return `proof/${keySegment(requestId, 'request')}/`;
}

/** `proof/<requestId>/<uuid>.<extension>` (issue 17: a screenshot or PDF proving a referral). */
export function newProofKey(requestId: string, extension: string): { fileId: string; key: string } {
  const fileId = randomUUID();
  return { fileId, key: `${proofKeyPrefix(requestId)}${fileId}.${extension}` };
}

/**
 * The key a client refers to in `PATCH /user/{email}/cv`'s `resume` field: the cloudFileName we
 * returned, or the signed URL (absolute or relative) that contains it.
 */
export function keyFromResumeReference(reference: string): string {
  const trimmed = reference.trim();
  let pathPart = trimmed;
  if (/^https?:\/\//i.test(trimmed) || trimmed.startsWith('/')) {
    try {
      pathPart = new URL(trimmed, 'http://local').pathname;
    } catch {
      return trimmed;
    }
  }
  const key = pathPart.replace(/^\/?storage\//, '').replace(/^\//, '');
  try {
    return decodeURIComponent(key);
  } catch {
    return key; // a malformed escape: the key check that follows refuses it
  }
}
