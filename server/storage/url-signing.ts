/**
 * Signed upload URLs for the server's own `PUT /storage/<key>` (spec §7: "PUT {signed URL}, the
 * file is sent raw"). The signature is an HMAC-SHA256 over the method, the key and the expiry, so
 * neither the key nor the expiry can be changed without the secret. Single use is not in the
 * signature: the uploaded_files row records it (files/upload-record.ts).
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

export function signUpload(secret: string, upload: SignedUpload): string {
  return mac(secret, upload).toString('base64url');
}

/** True when the signature is this server's for exactly this key and expiry. */
export function isValidSignature(secret: string, upload: SignedUpload, signature: string): boolean {
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, upload);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The path and query the client PUTs to (relative: the app and /storage share an origin). */
export function signedUploadPath(secret: string, upload: SignedUpload): string {
  const query = new URLSearchParams({
    expires: String(upload.expires),
    signature: signUpload(secret, upload),
  });
  return `/storage/${upload.key}?${query.toString()}`;
}
