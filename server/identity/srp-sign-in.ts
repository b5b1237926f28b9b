/**
 * USER_SRP_AUTH and its PASSWORD_VERIFIER challenge: Amplify's default `signIn`.
 *
 * Round one (InitiateAuth) answers SRP_A with a salt, B and a secret block, and keeps the state
 * in memory for Cognito's 3-minute authentication session. Round two (RespondToAuthChallenge)
 * checks the client's proof of the password. Once the proof holds, the rest is cognito-local's
 * USER_PASSWORD_AUTH with the stored password: user status (unconfirmed, new password
 * required), MFA challenges and token issue all behave exactly as in the password flow.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  InvalidParameterError,
  NotAuthorizedError,
  type CognitoService,
  type Context,
} from './cognito-local-internals';
import type { createDevices } from './devices';
import { expectedClaimSignature, startSrp, SrpProtocolError, type SrpServerState } from './srp';
import { parseTargetRequest } from './target-request';

/** Cognito's default authentication-session validity (AuthSessionValidity: 3 minutes). */
const SESSION_TTL_MS = 3 * 60_000;
/** Bounds memory if a client starts sign-ins it never finishes. */
const MAX_SESSIONS = 1000;

const INCORRECT = 'Incorrect username or password.';

interface PendingSignIn {
  readonly state: SrpServerState;
  readonly poolName: string;
  readonly userId: string;
  readonly clientId: string;
  readonly secretBlock: string;
  readonly expiresAt: number;
}

const InitiateSrpRequest = z.object({
  ClientId: z.string().min(1),
  AuthFlow: z.literal('USER_SRP_AUTH'),
  AuthParameters: z.object({ USERNAME: z.string().min(1), SRP_A: z.string().min(1) }),
});

const PasswordVerifierRequest = z.object({
  ClientId: z.string().min(1),
  ChallengeName: z.literal('PASSWORD_VERIFIER'),
  Session: z.string().min(1),
  ChallengeResponses: z.object({
    PASSWORD_CLAIM_SECRET_BLOCK: z.string().min(1),
    PASSWORD_CLAIM_SIGNATURE: z.string().min(1),
    TIMESTAMP: z.string().min(1),
    /** A device this browser was given before (remembered devices, devices.ts). */
    DEVICE_KEY: z.string().min(1).optional(),
  }),
  ClientMetadata: z.record(z.string(), z.string()).optional(),
});

/** Runs cognito-local's own InitiateAuth (the password flow, once the SRP proof holds). */
export type PasswordSignIn = (ctx: Context, request: object) => Promise<unknown>;

export function createSrpSignIn(
  cognito: CognitoService,
  passwordSignIn: PasswordSignIn,
  devices: Pick<ReturnType<typeof createDevices>, 'afterPassword' | 'assertKnown'>,
) {
  const pending = new Map<string, PendingSignIn>();

  function remember(signIn: PendingSignIn): string {
    const now = Date.now();
    for (const [id, entry] of pending) if (entry.expiresAt < now) pending.delete(id);
    if (pending.size >= MAX_SESSIONS) pending.delete(pending.keys().next().value ?? '');
    const session = randomUUID();
    pending.set(session, signIn);
    return session;
  }

  async function initiate(ctx: Context, body: unknown) {
    const req = parseTargetRequest(InitiateSrpRequest, body);
    const client = await cognito.getAppClient(ctx, req.ClientId);
    if (!client) throw new NotAuthorizedError('Invalid client id');
    if (!(client.ExplicitAuthFlows ?? []).includes('ALLOW_USER_SRP_AUTH')) {
      throw new InvalidParameterError('USER_SRP_AUTH is not enabled for the client.');
    }
    const pool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.AuthParameters.USERNAME);
    // Federated users have no password of their own: they sign in through their provider.
    if (!user || user.UserStatus === 'EXTERNAL_PROVIDER') throw new NotAuthorizedError(INCORRECT);
    if (!user.Enabled) throw new NotAuthorizedError('User is disabled.');

    const poolName = pool.options.Id.split('_')[1] ?? '';
    let challenge;
    try {
      challenge = startSrp({
        poolName,
        userId: user.Username,
        password: user.Password,
        srpA: req.AuthParameters.SRP_A,
      });
    } catch (error) {
      if (error instanceof SrpProtocolError) throw new InvalidParameterError(error.message);
      throw error;
    }
    const secretBlock = randomBytes(64).toString('base64');
    const session = remember({
      state: challenge.state,
      poolName,
      userId: user.Username,
      clientId: req.ClientId,
      secretBlock,
      expiresAt: Date.now() + SESSION_TTL_MS,
    });
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: session,
      ChallengeParameters: {
        SALT: challenge.salt,
        SRP_B: challenge.srpB,
        SECRET_BLOCK: secretBlock,
        USER_ID_FOR_SRP: user.Username,
        USERNAME: user.Username,
      },
    };
  }

  async function verifyPassword(ctx: Context, body: unknown) {
    const req = parseTargetRequest(PasswordVerifierRequest, body);
    const signIn = pending.get(req.Session);
    if (!signIn || signIn.expiresAt < Date.now() || signIn.clientId !== req.ClientId) {
      pending.delete(req.Session);
      throw new NotAuthorizedError('Invalid session for the user, session is expired.');
    }
    const responses = req.ChallengeResponses;
    const expected = expectedClaimSignature(signIn.state, {
      poolName: signIn.poolName,
      userId: signIn.userId,
      secretBlock: signIn.secretBlock,
      timestamp: responses.TIMESTAMP,
    });
    if (
      responses.PASSWORD_CLAIM_SECRET_BLOCK !== signIn.secretBlock ||
      !sameText(responses.PASSWORD_CLAIM_SIGNATURE, expected)
    ) {
      pending.delete(req.Session);
      throw new NotAuthorizedError(INCORRECT);
    }
    // spec §8: a device key the pool does not know is refused before the session is used up,
    // so Amplify can clear its stored device and answer the same challenge again.
    devices.assertKnown(signIn.userId, responses.DEVICE_KEY);
    pending.delete(req.Session);
    const pool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, signIn.userId);
    if (!user) throw new NotAuthorizedError(INCORRECT);
    // A remembered device proves itself instead of any MFA step.
    const deviceStep = user.Enabled
      ? devices.afterPassword(user.Username, req.ClientId, responses.DEVICE_KEY)
      : null;
    if (deviceStep) return deviceStep;
    return passwordSignIn(ctx, {
      ClientId: req.ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.Username, PASSWORD: user.Password },
      ClientMetadata: req.ClientMetadata,
    });
  }

  return { initiate, verifyPassword };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
