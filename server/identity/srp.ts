/**
 * The server half of Cognito's SRP-6a variant (USER_SRP_AUTH + PASSWORD_VERIFIER), the sign-in
 * Amplify uses by default. cognito-local does not implement it.
 *
 * It mirrors Amplify's client (`@aws-amplify/auth` utils/srp): the 3072-bit group of RFC 5054,
 * g = 2, k = H(N | g), x = H(salt | H(poolName | userId | ":" | password)), u = H(A | B), an
 * HKDF step with the info string "Caldera Derived Key", and the claim signature
 * HMAC(key, poolName | userId | secretBlock | timestamp). Hex values are "padded" the way
 * Amplify pads them (even length, and a leading 00 when the top bit is set), so both sides hash
 * the same bytes.
 *
 * cognito-local stores passwords in plain text, so the verifier is derived at sign-in time from
 * a fresh random salt; nothing of it is stored.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

const N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const g = 2n;

function paddedHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function hashOfHex(hex: string): bigint {
  return BigInt(`0x${sha256Hex(Buffer.from(hex, 'hex'))}`);
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    e >>= 1n;
    b = (b * b) % modulus;
  }
  return result;
}

const k = hashOfHex(paddedHex(N) + paddedHex(g));

/** What the server keeps between the two SRP round trips. */
export interface SrpServerState {
  readonly A: bigint;
  readonly B: bigint;
  readonly b: bigint;
  readonly v: bigint;
}

export interface SrpChallenge {
  /** Hex, sent as SALT. */
  readonly salt: string;
  /** Hex, sent as SRP_B. */
  readonly srpB: string;
  readonly state: SrpServerState;
}

export class SrpProtocolError extends Error {
  override readonly name = 'SrpProtocolError';
}

/** Answers the client's SRP_A with a salt and B for this user's password. */
export function startSrp(input: {
  poolName: string;
  userId: string;
  password: string;
  srpA: string;
}): SrpChallenge {
  if (!/^[0-9a-f]+$/i.test(input.srpA)) throw new SrpProtocolError('SRP_A is not hex');
  const A = BigInt(`0x${input.srpA}`);
  // RFC 5054 §2.5.4: abort when A % N is zero, or the session key is predictable.
  if (A % N === 0n) throw new SrpProtocolError('SRP_A is not valid');
  const salt = randomBytes(16).toString('hex');
  const x = hashOfHex(
    paddedHex(BigInt(`0x${salt}`)) +
      sha256Hex(`${input.poolName}${input.userId}:${input.password}`),
  );
  const v = modPow(g, x, N);
  return { salt, ...answerWithVerifier(A, v) };
}

function answerWithVerifier(A: bigint, v: bigint) {
  const b = BigInt(`0x${randomBytes(128).toString('hex')}`);
  const B = (k * v + modPow(g, b, N)) % N;
  return { srpB: B.toString(16), state: { A, B, b, v } };
}

/**
 * Device SRP (DEVICE_SRP_AUTH): the verifier and salt are the ones the client made for its
 * device and sent with ConfirmDevice; the "pool name" is the device group key and the "user" the
 * device key in the claim signature (`expectedClaimSignature`).
 */
export function startDeviceSrp(input: { verifierHex: string; srpA: string }): {
  srpB: string;
  state: SrpServerState;
} {
  if (!/^[0-9a-f]+$/i.test(input.srpA)) throw new SrpProtocolError('SRP_A is not hex');
  const A = BigInt(`0x${input.srpA}`);
  if (A % N === 0n) throw new SrpProtocolError('SRP_A is not valid');
  return answerWithVerifier(A, BigInt(`0x${input.verifierHex}`));
}

/** The PASSWORD_CLAIM_SIGNATURE a client that knows the password sends back (base64). */
export function expectedClaimSignature(
  state: SrpServerState,
  claim: { poolName: string; userId: string; secretBlock: string; timestamp: string },
): string {
  const u = hashOfHex(paddedHex(state.A) + paddedHex(state.B));
  if (u === 0n) throw new SrpProtocolError('u is zero');
  const S = modPow((state.A * modPow(state.v, u, N)) % N, state.b, N);
  const prk = createHmac('sha256', Buffer.from(paddedHex(u), 'hex'))
    .update(Buffer.from(paddedHex(S), 'hex'))
    .digest();
  const key = createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(claim.poolName),
        Buffer.from(claim.userId),
        Buffer.from(claim.secretBlock, 'base64'),
        Buffer.from(claim.timestamp),
      ]),
    )
    .digest('base64');
}
