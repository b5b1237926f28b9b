/**
 * Who may use the stand-in's administrative side (issue 23 item 8): the `/_dev/*` endpoints and
 * the user-pool actions that real Cognito serves only to callers signed with AWS credentials
 * (AdminCreateUser, ListUsers, CreateUserPool, …). The stand-in has no such credentials, and
 * cognito-local answers every origin (`Access-Control-Allow-Origin: *`), so any web page open in
 * the developer's browser could create users, set passwords or read the one-time codes.
 *
 * Allowed: a caller on this machine (loopback socket), addressing the stand-in by a loopback
 * name (a page that re-points its own host name at 127.0.0.1, DNS rebinding, still sends its
 * own Host), and with no Origin or this origin (a page on another origin is refused, and gets no
 * CORS headers). Tests, the e2e helpers and scripts call from Node with no Origin.
 * The actions a browser may call without credentials (sign-up, sign-in, the signed-in user's
 * own actions) stay open to the app's origin, as on Cognito.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** Cognito actions that need no AWS credentials: public, or authorised by the user's token. */
const BROWSER_TARGETS: ReadonlySet<string> = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'CompleteWebAuthnRegistration',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'DeleteWebAuthnCredential',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GetUserAuthFactors',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ListWebAuthnCredentials',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'SetUserMFAPreference',
  'SignUp',
  'StartWebAuthnRegistration',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);

/** The action of a user-pool API call (`X-Amz-Target: AWSCognitoIdentityProviderService.X`). */
export function targetOf(req: IncomingMessage): string | undefined {
  const header = req.headers['x-amz-target'];
  if (typeof header !== 'string') return undefined;
  return header.split('.')[1];
}

/** Every action but the browser ones: unknown names too, so a new admin action is covered. */
export function isAdminTarget(target: string): boolean {
  return !BROWSER_TARGETS.has(target);
}

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.replace(/^::ffff:/i, '');
  return (isIP(bare) === 4 && bare.startsWith('127.')) || bare === '::1';
}

function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]+\]|[^:]+)(?::\d+)?$/.exec(host);
  const name = match?.[1]?.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || isLoopbackAddress(name);
}

/** Why this request may not use the administrative side, or null when it may. */
export function adminRefusal(req: IncomingMessage): string | null {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return 'only callers on this machine';
  const host = req.headers.host;
  if (!isLoopbackHost(host)) return 'only through a loopback address';
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const secure = 'encrypted' in req.socket && req.socket.encrypted === true;
    if (origin !== `${secure ? 'https' : 'http'}://${host}`) return 'not from another origin';
  }
  return null;
}
