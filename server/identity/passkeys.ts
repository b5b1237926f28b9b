/**
 * Passkeys (WebAuthn) in the stand-in, with Amazon Cognito's operations and shapes so the app's
 * Amplify v6 calls work unchanged against Cognito (issue 27):
 * - StartWebAuthnRegistration / CompleteWebAuthnRegistration (Amplify's
 *   `associateWebAuthnCredential`), ListWebAuthnCredentials, DeleteWebAuthnCredential;
 * - the WEB_AUTHN first factor of USER_AUTH: `requestOptions` makes the challenge's
 *   CREDENTIAL_REQUEST_OPTIONS, `verifyAssertion` checks the answer (sign-in-steps.ts).
 *
 * Attestations and assertions are verified by @simplewebauthn/server against the relying party
 * the stand-in is given: its id is the app's host (Cognito's WebAuthnRelyingPartyID) and only
 * the app's own origins are accepted.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import {
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  attributeValue,
  type Context,
  type User,
} from './cognito-local-internals';
import { JsonFileStore } from './json-file-store';
import { deviceNameFromUserAgent, requestUserAgent } from './request-context';
import { parseTargetRequest } from './target-request';

/** The app the passkeys belong to: the RP id and the origins allowed to use them. */
export interface RelyingParty {
  readonly id: string;
  readonly origins: readonly string[];
}

export interface StoredPasskey {
  /** base64url credential id. */
  id: string;
  /** base64url COSE public key. */
  publicKey: string;
  counter: number;
  transports: AuthenticatorTransportFuture[];
  attachment?: string;
  name: string;
  rpId: string;
  /** Epoch seconds, as Cognito's CreatedAt. */
  createdAt: number;
}

/** Cognito's quota: 20 passkeys per user. */
const MAX_PASSKEYS = 20;
/** How long a registration challenge stays open (the browser's prompt times out before). */
const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = 'ReferralHub';

const AccessTokenOnly = z.object({ AccessToken: z.string().min(1) });
const CompleteRequest = z.object({
  AccessToken: z.string().min(1),
  Credential: z.object({
    id: z.string().min(1),
    rawId: z.string().min(1),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: z.string().min(1),
      attestationObject: z.string().min(1),
      transports: z.array(z.string()).optional(),
    }),
    authenticatorAttachment: z.string().optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  }),
});
const ListRequest = z.object({
  AccessToken: z.string().min(1),
  MaxResults: z.number().int().min(1).max(MAX_PASSKEYS).optional(),
  NextToken: z.string().optional(),
});
const DeleteRequest = z.object({
  AccessToken: z.string().min(1),
  CredentialId: z.string().min(1),
});
const AssertionJson = z.object({
  id: z.string().min(1),
  rawId: z.string().min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: z.string().min(1),
    authenticatorData: z.string().min(1),
    signature: z.string().min(1),
    userHandle: z.string().optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  authenticatorAttachment: z.string().optional(),
});

export interface PasskeyDeps {
  dbDir: string;
  relyingParty: () => RelyingParty;
  /** The signed-in user behind an access token, checked as Cognito checks it. */
  userForAccessToken: (ctx: Context, accessToken: string) => Promise<{ user: User }>;
}

export function createPasskeys({ dbDir, relyingParty, userForAccessToken }: PasskeyDeps) {
  const store = new JsonFileStore<StoredPasskey>(dbDir, 'passkeys');
  /** One open registration per user: a second Start replaces the first, as in Cognito. */
  const registrations = new Map<string, { challenge: string; expiresAt: number }>();

  async function startRegistration(ctx: Context, body: unknown) {
    const req = parseTargetRequest(AccessTokenOnly, body);
    const { user } = await userForAccessToken(ctx, req.AccessToken);
    const existing = store.list(user.Username);
    if (existing.length >= MAX_PASSKEYS) {
      throw new CognitoError('LimitExceededException', 'The user has too many passkeys.');
    }
    const rp = relyingParty();
    const email = attributeValue('email', user.Attributes) ?? user.Username;
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.id,
      // The user handle is the user's id (its sub), never the email: it is stored on the device.
      userID: new TextEncoder().encode(user.Username),
      userName: email,
      userDisplayName: attributeValue('name', user.Attributes) ?? email,
      attestationType: 'none',
      // The authenticator refuses to make a second passkey for the same account (the browser's
      // InvalidStateError: "already exists", spec §8).
      excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    registrations.set(user.Username, {
      challenge: options.challenge,
      expiresAt: Date.now() + CHALLENGE_TTL_MS,
    });
    return { CredentialCreationOptions: options };
  }

  async function completeRegistration(ctx: Context, body: unknown) {
    const req = parseTargetRequest(CompleteRequest, body);
    const { user } = await userForAccessToken(ctx, req.AccessToken);
    const pending = registrations.get(user.Username);
    registrations.delete(user.Username);
    if (!pending || pending.expiresAt < Date.now()) {
      throw new CognitoError(
        'WebAuthnChallengeNotFoundException',
        'The passkey registration has expired. Start again.',
      );
    }
    const rp = relyingParty();
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: req.Credential as RegistrationResponseJSON,
        expectedChallenge: pending.challenge,
        expectedOrigin: [...rp.origins],
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
    } catch (error) {
      throw webAuthnRefusal(error);
    }
    if (!verification.verified) {
      throw new CognitoError('WebAuthnCredentialNotSupportedException', 'Not verified');
    }
    const { credential } = verification.registrationInfo;
    const existing = store.list(user.Username);
    if (existing.some((key) => key.id === credential.id)) {
      throw new InvalidParameterError('This passkey is already registered.');
    }
    const attachment = req.Credential.authenticatorAttachment;
    store.replace(user.Username, [
      ...existing,
      {
        id: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (req.Credential.response.transports ?? []) as AuthenticatorTransportFuture[],
        ...(attachment ? { attachment } : {}),
        name: deviceNameFromUserAgent(requestUserAgent()),
        rpId: rp.id,
        createdAt: Math.floor(Date.now() / 1000),
      },
    ]);
    return {};
  }

  async function list(ctx: Context, body: unknown) {
    const req = parseTargetRequest(ListRequest, body);
    const { user } = await userForAccessToken(ctx, req.AccessToken);
    const start = req.NextToken ? Number.parseInt(req.NextToken, 10) : 0;
    if (!Number.isInteger(start) || start < 0) throw new InvalidParameterError('Bad NextToken');
    const all = store.list(user.Username);
    const size = req.MaxResults ?? MAX_PASSKEYS;
    const page = all.slice(start, start + size);
    return {
      Credentials: page.map((key) => ({
        CredentialId: key.id,
        FriendlyCredentialName: key.name,
        RelyingPartyId: key.rpId,
        ...(key.attachment ? { AuthenticatorAttachment: key.attachment } : {}),
        AuthenticatorTransports: key.transports,
        CreatedAt: key.createdAt,
      })),
      ...(start + size < all.length ? { NextToken: String(start + size) } : {}),
    };
  }

  async function remove(ctx: Context, body: unknown) {
    const req = parseTargetRequest(DeleteRequest, body);
    const { user } = await userForAccessToken(ctx, req.AccessToken);
    const existing = store.list(user.Username);
    const kept = existing.filter((key) => key.id !== req.CredentialId);
    if (kept.length === existing.length) {
      throw new CognitoError('ResourceNotFoundException', 'Passkey not found.');
    }
    store.replace(user.Username, kept);
    return {};
  }

  function has(username: string): boolean {
    return store.list(username).length > 0;
  }

  /** The WEB_AUTHN challenge: its expected challenge and CREDENTIAL_REQUEST_OPTIONS (JSON). */
  async function requestOptions(username: string) {
    const options = await generateAuthenticationOptions({
      rpID: relyingParty().id,
      allowCredentials: store
        .list(username)
        .map((key) => ({ id: key.id, transports: key.transports })),
      userVerification: 'preferred',
    });
    return { challenge: options.challenge, json: JSON.stringify(options) };
  }

  /** Checks a WEB_AUTHN answer (CREDENTIAL) against the user's passkeys; NotAuthorized if not. */
  async function verifyAssertion(username: string, credentialJson: string, challenge: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(credentialJson);
    } catch {
      throw new InvalidParameterError('CREDENTIAL is not JSON.');
    }
    const response = parseTargetRequest(AssertionJson, parsed);
    const keys = store.list(username);
    const key = keys.find((candidate) => candidate.id === response.id);
    if (!key) throw new NotAuthorizedError('Incorrect passkey.');
    const rp = relyingParty();
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: [...rp.origins],
        expectedRPID: rp.id,
        credential: {
          id: key.id,
          publicKey: Buffer.from(key.publicKey, 'base64url'),
          counter: key.counter,
          transports: key.transports,
        },
        requireUserVerification: false,
      });
    } catch (error) {
      throw webAuthnRefusal(error);
    }
    if (!verification.verified) throw new NotAuthorizedError('Incorrect passkey.');
    store.replace(
      username,
      keys.map((candidate) =>
        candidate.id === key.id
          ? { ...candidate, counter: verification.authenticationInfo.newCounter }
          : candidate,
      ),
    );
  }

  return {
    startRegistration,
    completeRegistration,
    list,
    remove,
    has,
    requestOptions,
    verifyAssertion,
  };
}

/** A verification failure as the Cognito error a client would get for it. */
function webAuthnRefusal(error: unknown): CognitoError {
  const message = error instanceof Error ? error.message : '';
  if (/origin/i.test(message)) {
    return new CognitoError('WebAuthnOriginNotAllowedException', 'The origin is not allowed.');
  }
  if (/RP ID|rpID/i.test(message)) {
    return new CognitoError(
      'WebAuthnRelyingPartyMismatchException',
      'The relying party does not match.',
    );
  }
  if (/challenge/i.test(message)) {
    return new CognitoError('WebAuthnChallengeNotFoundException', 'The challenge does not match.');
  }
  if (/counter/i.test(message)) return new NotAuthorizedError('Incorrect passkey.');
  return new CognitoError(
    'WebAuthnCredentialNotSupportedException',
    'The passkey could not be verified.',
  );
}
