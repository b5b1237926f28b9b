/**
 * Signed URLs for the server's own `/storage/<key>`:
 *
 * - uploads, `PUT` (spec §7: "PUT {signed URL}, the file is sent raw"): the HMAC-SHA256 covers
 *   the method, the key and the expiry, so neither can be changed without the secret. Single use
 *   is not in the signature: the uploaded_files row records it (files/upload-record.ts).
 * - downloads, `GET` (issue 10: view the current CV through a short-lived link): the HMAC covers
 *   the method, the key, the expiry and the file name the browser will be given. Because the
 *   method is signed, an upload URL can never be replayed to read a file, nor the reverse.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedUpload {
  key: string;
  /** Unix seconds after which the URL is refused. */
  expires: number;
}

function mac(secret: string, { key, expires }: SignedUpload): Buffer {
  return createHmac('sha256', secret).update(`PUT\n/storage/${key}\n${expires}`).digest();
}

export interface SignedDownload extends SignedUpload {
  /** The file name for Content-Disposition (what the user uploaded, e.g. `Asha CV.pdf`). */
  name: string;
}

function downloadMac(secret: string, { key, expires, name }: SignedDownload): Buffer {
  return createHmac('sha256', secret).update(`GET\n/storage/${key}\n${expires}\n${name}`).digest();
}

function sameBytes(signature: string, expected: Buffer): boolean {
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function signUpload(secret: string, upload: SignedUpload): string {
  return mac(secret, upload).toString('base64url');
}

/** True when the signature is this server's for exactly this key and expiry. */
export function isValidSignature(secret: string, upload: SignedUpload, signature: string): boolean {
  return sameBytes(signature, mac(secret, upload));
}

/** True when the signature is this server's download link for exactly this key, expiry and name. */
export function isValidDownloadSignature(
  secret: string,
  download: SignedDownload,
  signature: string,
): boolean {
  return sameBytes(signature, downloadMac(secret, download));
}

/** The path and query of a download link (relative, like the upload path). */
export function signedDownloadPath(secret: string, download: SignedDownload): string {
  const query = new URLSearchParams({
    expires: String(download.expires),
    name: download.name,
    signature: downloadMac(secret, download).toString('base64url'),
  });
  return `/storage/${download.key}?${query.toString()}`;
}

/** The path and query the client PUTs to (relative: the app and /storage share an origin). */
export function signedUploadPath(secret: string, upload: SignedUpload): string {
  const query = new URLSearchParams({
    expires: String(upload.expires),
    signature: signUpload(secret, upload),
  });
  return `/storage/${upload.key}?${query.toString()}`;
}
