/**
 * Remembered devices (spec §3 device metadata, §7 confirm device, §8 unknown device; issue 27),
 * with Amazon Cognito's operations and shapes so Amplify v6's device handling runs unchanged:
 *
 * - a sign-in from a device the pool does not know ends with `NewDeviceMetadata` (device key and
 *   the user's device group key); Amplify answers with **ConfirmDevice**, sending a device SRP
 *   verifier made from a random password it keeps with the keys (the stand-in never sees it);
 * - the pool "remembers devices on the user's prompt" (DeviceOnlyRememberedOnUserPrompt):
 *   **UpdateDeviceStatus** `remembered` (Amplify's `rememberDevice`) marks it;
 * - the next SRP sign-in carries DEVICE_KEY: after the password proof, a remembered device answers
 *   **DEVICE_SRP_AUTH / DEVICE_PASSWORD_VERIFIER** (proof of the device's random password)
 *   instead of the MFA step: a remembered device skips MFA;
 * - a DEVICE_KEY the pool does not know is refused with `ResourceNotFoundException` "Device does
 *   not exist.", on which Amplify clears the stored keys and retries once (spec §8);
 * - **ListDevices**, **ForgetDevice** (and GetDevice) for the account's list.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  type Context,
  type User,
} from './cognito-local-internals';
import { JsonFileStore } from './json-file-store';
import { LOCAL_REGION } from './local-ids';
import {
  expectedClaimSignature,
  SrpProtocolError,
  startDeviceSrp,
  type SrpServerState,
} from './srp';
import { parseTargetRequest } from './target-request';

export interface StoredDevice {
  key: string;
  groupKey: string;
  name: string;
  /** Hex of the SRP verifier and salt from ConfirmDevice. */
  verifier: string;
  salt: string;
  remembered: boolean;
  createdAt: number;
  lastModifiedAt: number;
  lastAuthenticatedAt: number;
}

const SESSION_TTL_MS = 3 * 60_000;
const MAX_SESSIONS = 1000;
const DEVICE_UNKNOWN = 'Device does not exist.';

const ConfirmDeviceRequest = z.object({
  AccessToken: z.string().min(1),
  DeviceKey: z.string().min(1),
  DeviceName: z.string().max(1024).optional(),
  DeviceSecretVerifierConfig: z.object({
    PasswordVerifier: z.base64(),
    Salt: z.base64(),
  }),
});
const UpdateStatusRequest = z.object({
  AccessToken: z.string().min(1),
  DeviceKey: z.string().min(1),
  DeviceRememberedStatus: z.enum(['remembered', 'not_remembered']).optional(),
});
const DeviceRequest = z.object({ AccessToken: z.string().min(1), DeviceKey: z.string().min(1) });
const ListRequest = z.object({
  AccessToken: z.string().min(1),
  Limit: z.number().int().min(0).max(60).optional(),
  PaginationToken: z.string().optional(),
});
const DeviceSrpRequest = z.object({
  ClientId: z.string().min(1),
  Session: z.string().min(1),
  ChallengeResponses: z.object({
    USERNAME: z.string().min(1),
    SRP_A: z.string().min(1),
    DEVICE_KEY: z.string().min(1),
  }),
});
const DeviceVerifierRequest = z.object({
  ClientId: z.string().min(1),
  Session: z.string().min(1),
  ChallengeResponses: z.object({
    USERNAME: z.string().min(1),
    PASSWORD_CLAIM_SECRET_BLOCK: z.string().min(1),
    PASSWORD_CLAIM_SIGNATURE: z.string().min(1),
    TIMESTAMP: z.string().min(1),
    DEVICE_KEY: z.string().min(1),
  }),
  ClientMetadata: z.record(z.string(), z.string()).optional(),
});

type Pending =
  | { step: 'DEVICE_SRP_AUTH'; username: string; clientId: string; deviceKey: string }
  | {
      step: 'DEVICE_PASSWORD_VERIFIER';
      username: string;
      clientId: string;
      deviceKey: string;
      state: SrpServerState;
      secretBlock: string;
    };

export interface DeviceDeps {
  dbDir: string;
  userForAccessToken: (ctx: Context, accessToken: string) => Promise<{ user: User }>;
  issueTokens: (
    ctx: Context,
    clientId: string,
    username: string,
    metadata: Record<string, string> | undefined,
  ) => Promise<unknown>;
}

export function createDevices({ dbDir, userForAccessToken, issueTokens }: DeviceDeps) {
  const store = new JsonFileStore<StoredDevice>(dbDir, 'devices');
  /** The device group key of each user, and devices handed out but not yet confirmed. */
  const groups = new JsonFileStore<{ groupKey: string }>(dbDir, 'device-groups');
  const unconfirmed = new Map<string, string>(); // device key → username
  const pending = new Map<string, Pending & { expiresAt: number }>();

  function groupKeyOf(username: string): string {
    const known = groups.list(username)[0]?.groupKey;
    if (known) return known;
    const groupKey = `-${randomBytes(6).toString('base64url')}`;
    groups.replace(username, [{ groupKey }]);
    return groupKey;
  }

  function find(username: string, deviceKey: string | undefined) {
    return deviceKey ? store.list(username).find((device) => device.key === deviceKey) : undefined;
  }

  function open(entry: Pending): string {
    const now = Date.now();
    for (const [id, value] of pending) if (value.expiresAt < now) pending.delete(id);
    if (pending.size >= MAX_SESSIONS) pending.delete(pending.keys().next().value ?? '');
    const session = randomUUID();
    pending.set(session, { ...entry, expiresAt: now + SESSION_TTL_MS });
    return session;
  }

  function take(session: string, clientId: string, step: Pending['step']) {
    const entry = pending.get(session);
    pending.delete(session);
    if (!entry || entry.expiresAt < Date.now() || entry.clientId !== clientId) {
      throw new NotAuthorizedError('Invalid session for the user, session is expired.');
    }
    if (entry.step !== step) throw new InvalidParameterError(`Expected ${entry.step}.`);
    return entry;
  }

  /**
   * A sign-in that names a DEVICE_KEY, once the password proof holds: refused if the device is
   * unknown (spec §8); a remembered device gets DEVICE_SRP_AUTH instead of any MFA step; any
   * other known device goes on as a plain sign-in (null).
   */
  function afterPassword(username: string, clientId: string, deviceKey: string | undefined) {
    if (!deviceKey) return null;
    const device = find(username, deviceKey);
    if (!device) throw new CognitoError('ResourceNotFoundException', DEVICE_UNKNOWN);
    if (!device.remembered) return null;
    return {
      ChallengeName: 'DEVICE_SRP_AUTH',
      Session: open({ step: 'DEVICE_SRP_AUTH', username, clientId, deviceKey }),
      ChallengeParameters: { USERNAME: username },
    };
  }

  /** Throws "Device does not exist." for a DEVICE_KEY this user does not have. */
  function assertKnown(username: string, deviceKey: string | undefined) {
    if (deviceKey && !find(username, deviceKey)) {
      throw new CognitoError('ResourceNotFoundException', DEVICE_UNKNOWN);
    }
  }

  function deviceSrpAuth(_ctx: Context, body: unknown) {
    const req = parseTargetRequest(DeviceSrpRequest, body);
    const entry = take(req.Session, req.ClientId, 'DEVICE_SRP_AUTH');
    const answers = req.ChallengeResponses;
    const device = find(entry.username, answers.DEVICE_KEY);
    if (!device || device.key !== entry.deviceKey) {
      throw new CognitoError('ResourceNotFoundException', DEVICE_UNKNOWN);
    }
    let answer;
    try {
      answer = startDeviceSrp({ verifierHex: device.verifier, srpA: answers.SRP_A });
    } catch (error) {
      if (error instanceof SrpProtocolError) throw new InvalidParameterError(error.message);
      throw error;
    }
    const secretBlock = randomBytes(64).toString('base64');
    return {
      ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
      Session: open({
        step: 'DEVICE_PASSWORD_VERIFIER',
        username: entry.username,
        clientId: req.ClientId,
        deviceKey: device.key,
        state: answer.state,
        secretBlock,
      }),
      ChallengeParameters: {
        USERNAME: entry.username,
        DEVICE_KEY: device.key,
        SRP_B: answer.srpB,
        SALT: device.salt,
        SECRET_BLOCK: secretBlock,
      },
    };
  }

  async function devicePasswordVerifier(ctx: Context, body: unknown) {
    const req = parseTargetRequest(DeviceVerifierRequest, body);
    const entry = take(req.Session, req.ClientId, 'DEVICE_PASSWORD_VERIFIER');
    if (entry.step !== 'DEVICE_PASSWORD_VERIFIER') throw new NotAuthorizedError('Bad session');
    const answers = req.ChallengeResponses;
    const device = find(entry.username, entry.deviceKey);
    if (!device || answers.DEVICE_KEY !== device.key) {
      throw new CognitoError('ResourceNotFoundException', DEVICE_UNKNOWN);
    }
    const expected = expectedClaimSignature(entry.state, {
      poolName: device.groupKey,
      userId: device.key,
      secretBlock: entry.secretBlock,
      timestamp: answers.TIMESTAMP,
    });
    if (
      answers.PASSWORD_CLAIM_SECRET_BLOCK !== entry.secretBlock ||
      !sameText(answers.PASSWORD_CLAIM_SIGNATURE, expected)
    ) {
      throw new NotAuthorizedError('Incorrect username or password.');
    }
    touch(entry.username, device.key, { lastAuthenticatedAt: now() });
    return issueTokens(ctx, req.ClientId, entry.username, req.ClientMetadata);
  }

  /** NewDeviceMetadata for a sign-in that ended with tokens on a device the pool does not know. */
  function newDeviceMetadata(username: string, deviceKey: string | undefined) {
    if (find(username, deviceKey)) return undefined;
    const key = `${LOCAL_REGION}_${randomUUID()}`;
    unconfirmed.set(key, username);
    return { DeviceKey: key, DeviceGroupKey: groupKeyOf(username) };
  }

  async function confirmDevice(ctx: Context, body: unknown) {
    const req = parseTargetRequest(ConfirmDeviceRequest, body);
    const { user } = await userForAccessToken(ctx, req.AccessToken);
    if (unconfirmed.get(req.DeviceKey) !== user.Username) {
      throw new CognitoError('ResourceNotFoundException', DEVICE_UNKNOWN);
    }
    unconfirmed.delete(req.DeviceKey);
    const hex = (base64: string) => Buffer.from(base64, 'base64').toString('hex');
    const time = now();
    store.replace(user.Username, [
      ...store.list(user.Username).filter((device) => device.key !== req.DeviceKey),
      {
        key: req.DeviceKey,
        groupKey: groupKeyOf(user.Username),
        name: req.DeviceName ?? '',
        verifier: hex(req.DeviceSecretVerifierConfig.PasswordVerifier),
        salt: hex(req.DeviceSecretVerifierConfig.Salt),
        remembered: false,
        createdAt: time,
        lastModifiedAt: time,
        lastAuthenticatedAt: time,
      },
    ]);
    // The pool remembers a device only when the user asks (DeviceOnlyRememberedOnUserPrompt).
    return { UserConfirmationNecessary: true };
  }

  function touch(username: string, key: string, change: Partial<StoredDevice>) {
    store.replace(
      username,
      store
        .list(username)
        .map((device) => (device.key === key ? { ...device, ...change } : device)),
    );
  }

  async function updateDeviceStatus(ctx: Context, body: unknown) {
    const req = parseTargetRequest(UpdateStatusRequest, body);
    const { user } = await userForAccessToken(ctx, req.AccessToken);
    if (!find(user.Username, req.DeviceKey)) {
      throw new CognitoError('ResourceNotFoundException', DEVICE_UNKNOWN);
    }
    touch(user.Username, req.DeviceKey, {
      remembered: req.DeviceRememberedStatus === 'remembered',
      lastModifiedAt: now(),
    });
    return {};
  }

  function view(device: StoredDevice) {
    return {
      DeviceKey: device.key,
      DeviceAttributes: [
        { Name: 'device_name', Value: device.name },
        { Name: 'device_status', Value: device.remembered ? 'valid' : 'not_remembered' },
        { Name: 'last_ip_used', Value: '127.0.0.1' },
      ],
      DeviceCreateDate: device.createdAt,
      DeviceLastModifiedDate: device.lastModifiedAt,
      DeviceLastAuthenticatedDate: device.lastAuthenticatedAt,
    };
  }

  async function listDevices(ctx: Context, body: unknown) {
    const req = parseTargetRequest(ListRequest, body);
    const { user } = await userForAccessToken(ctx, req.AccessToken);
    const start = req.PaginationToken ? Number.parseInt(req.PaginationToken, 10) : 0;
    if (!Number.isInteger(start) || start < 0) throw new InvalidParameterError('Bad token');
    const all = store.list(user.Username);
    const size = req.Limit || 60;
    return {
      Devices: all.slice(start, start + size).map(view),
      ...(start + size < all.length ? { PaginationToken: String(start + size) } : {}),
    };
  }

  async function getDevice(ctx: Context, body: unknown) {
    const req = parseTargetRequest(DeviceRequest, body);
    const { user } = await userForAccessToken(ctx, req.AccessToken);
    const device = find(user.Username, req.DeviceKey);
    if (!device) throw new CognitoError('ResourceNotFoundException', DEVICE_UNKNOWN);
    return { Device: view(device) };
  }

  async function forgetDevice(ctx: Context, body: unknown) {
    const req = parseTargetRequest(DeviceRequest, body);
    const { user } = await userForAccessToken(ctx, req.AccessToken);
    const all = store.list(user.Username);
    const kept = all.filter((device) => device.key !== req.DeviceKey);
    if (kept.length === all.length) {
      throw new CognitoError('ResourceNotFoundException', DEVICE_UNKNOWN);
    }
    store.replace(user.Username, kept);
    return {};
  }

  return {
    afterPassword,
    assertKnown,
    deviceSrpAuth,
    devicePasswordVerifier,
    newDeviceMetadata,
    confirmDevice,
    updateDeviceStatus,
    listDevices,
    getDevice,
    forgetDevice,
  };
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
