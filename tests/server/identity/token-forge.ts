/**
 * Tokens a verifier must refuse, made from real ones: re-signed with cognito-local's published
 * private key (which is exactly why that key must never be trusted in production), or with a
 * key of our own, or altered after signing.
 */
import { SignJWT, decodeJwt, generateKeyPair, importJWK, type JWTPayload } from 'jose';
import { SIGNING_KEY_ID, signingKey } from '../../../server/identity/cognito-local-internals';

/** The same claims with some changed, signed with the stand-in's key (a valid signature). */
export async function resign(token: string, changes: JWTPayload): Promise<string> {
  const key = await importJWK(signingKey.privateJwk, 'RS256');
  return new SignJWT({ ...decodeJwt(token), ...changes })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: SIGNING_KEY_ID })
    .sign(key);
}

/** The same claims signed by a stranger's key that claims the stand-in's key id. */
export async function signWithOtherKey(token: string): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT(decodeJwt(token))
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: SIGNING_KEY_ID })
    .sign(privateKey);
}

/** Claims edited after signing: the signature no longer matches. */
export function tamper(token: string, changes: JWTPayload): string {
  const [header, , signature] = token.split('.');
  const payload = Buffer.from(JSON.stringify({ ...decodeJwt(token), ...changes })).toString(
    'base64url',
  );
  return `${header}.${payload}.${signature}`;
}
