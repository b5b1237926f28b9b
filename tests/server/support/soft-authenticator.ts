/**
 * A software passkey authenticator for server tests: what a phone's authenticator and the
 * browser together hand to the identity service, built from the WebAuthn spec's byte layouts
 * with a real P-256 key (node:crypto), "none" attestation. The browser tests use Chromium's own
 * virtual authenticator instead; this one lets a server test make a passkey without a browser,
 * and lie in controlled ways (another origin, another relying party, a forged signature).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  excludeCredentials?: { id: string }[];
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftAuthenticator {
  private readonly credentials = new Map<
    string,
    { privateKey: KeyObject; rpId: string; userHandle: string; counter: number }
  >();

  constructor(readonly origin: string) {}

  /** navigator.credentials.create, serialised as Amplify sends it (CompleteWebAuthnRegistration). */
  create(options: CreationOptions, lie: { origin?: string; rpId?: string } = {}) {
    const rpId = lie.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    for (const excluded of options.excludeCredentials ?? []) {
      if (this.credentials.has(excluded.id)) {
        throw Object.assign(new Error('credential excluded'), { name: 'InvalidStateError' });
      }
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credentialId = randomBytes(16);
    const id = b64url(credentialId);
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4), // sign count 0
      Buffer.alloc(16), // AAGUID: none
      length,
      credentialId,
      cose,
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin: lie.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    this.credentials.set(id, { privateKey, rpId, userHandle: options.user.id, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get, serialised as Amplify sends it (WEB_AUTHN's CREDENTIAL). */
  get(options: RequestOptions, lie: { origin?: string; forgeSignature?: boolean } = {}) {
    const allowed = (options.allowCredentials ?? []).map((c) => c.id);
    const id = [...this.credentials.keys()].find((key) => allowed.includes(key));
    const credential = id ? this.credentials.get(id) : undefined;
    if (!id || !credential) {
      throw Object.assign(new Error('no credential'), { name: 'NotAllowedError' });
    }
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([sha256(credential.rpId), Buffer.from([0x05]), counter]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: lie.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signed = Buffer.concat([authData, sha256(clientDataJSON)]);
    const signature = lie.forgeSignature
      ? sign('sha256', signed, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey)
      : sign('sha256', signed, credential.privateKey);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
