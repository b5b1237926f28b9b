/**
 * Where uploaded objects (CVs, referral proofs) live, behind one small interface so the storage backend is chosen
 * by configuration, not by code paths (design/architecture.md: "a folder on disk for objects" by
 * default, S3 on the scale-out path).
 *
 * Keys are produced by this server only (`cv/<userId>/<fileId>.pdf`, `proof/<requestId>/<fileId>.png`,
 * see files/object-key.ts) and
 * checked against OBJECT_KEY_PATTERN before any backend sees them, so a key can never name a path
 * outside the store.
 */
import { OBJECT_EXTENSIONS } from './file-types';

export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is no such object. */
  get(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  /**
   * Present when clients upload and download through the backend itself (S3 presigned URLs)
   * instead of through this server's `/storage` routes (the local store has none).
   */
  direct?: DirectAccess;
}

export interface DirectAccess {
  /** A presigned PUT URL; the client must send exactly this Content-Type and tagging header. */
  uploadUrl(
    key: string,
    options: { contentType: string; tagging: string; expiresInSeconds: number },
  ): Promise<string>;
  /** A presigned GET URL answering inline as `fileName`, never cached. */
  downloadUrl(
    key: string,
    options: { fileName: string; expiresInSeconds: number },
  ): Promise<string>;
  /** The object's size in bytes, or undefined when there is no such object. */
  size(key: string): Promise<number | undefined>;
  /** The origin the browser talks to (for the CSP's connect-src). */
  origin: string;
}

/**
 * Lower-case segments of letters, digits, `-` and `_`, with a leaf ending in one of the known
 * extensions (file-types.ts): no `..`, no `//`.
 */
export const OBJECT_KEY_PATTERN = new RegExp(
  `^[a-z0-9_-]{1,64}(?:/[a-z0-9_-]{1,64}){1,3}\\.(?:${OBJECT_EXTENSIONS.join('|')})$`,
);

export function isObjectKey(key: string): boolean {
  return OBJECT_KEY_PATTERN.test(key);
}
