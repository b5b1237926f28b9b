/**
 * Checks a token the stand-in issued itself (refresh tokens, access tokens sent to
 * GlobalSignOut): cognito-local's public key, RS256, this stand-in's issuer, not expired.
 */
import { importJWK, jwtVerify, type CryptoKey, type JWTPayload } from 'jose';
import { signingKey } from './cognito-local-internals';

let publicKey: Promise<CryptoKey | Uint8Array> | undefined;

export async function verifyLocalJwt(token: string, issuer: string): Promise<JWTPayload> {
  publicKey ??= importJWK(signingKey.publicJwk, 'RS256');
  const { payload } = await jwtVerify(token, await publicKey, { issuer, algorithms: ['RS256'] });
  return payload;
}
