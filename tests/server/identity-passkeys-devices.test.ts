/**
 * Remembered devices (issue 27; spec §3 device metadata, §7 confirm device, §8 unknown device)
 * with the real aws-amplify v6 client in Node against the stand-in: an account whose sign-in
 * needs an authenticator-app code (MFA) skips it on a remembered device, is asked again after
 * "forget this device", and a device key the pool no longer knows is cleared by Amplify and the
 * sign-in succeeds on its one retry.
 */
import {
  confirmSignIn,
  confirmSignUp,
  fetchDevices,
  forgetDevice,
  rememberDevice,
  setUpTOTP,
  signIn,
  signOut,
  signUp,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../e2e/support/auth-page';
import { configureAmplify } from './identity/amplify-client';
import { lastCode, startStandinFixture, type StandinFixture } from './identity/standin-fixture';

const PASSWORD = 'Str0ng!Passw0rd';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0.0.0';

let fixture: StandinFixture;
let client: ReturnType<typeof configureAmplify>;
let accounts = 0;

beforeAll(async () => {
  // Amplify names a new device from navigator (a browser global Node 20 lacks).
  Object.defineProperty(globalThis, 'navigator', {
    value: { userAgent: PHONE },
    configurable: true,
  });
  fixture = await startStandinFixture();
  client = configureAmplify(fixture.standin);
});

afterAll(async () => {
  client.destroy();
  await fixture.stop();
});

/** A fresh account whose every sign-in asks for an authenticator-app code. */
async function accountWithTotp(): Promise<{ email: string; secret: string }> {
  // Each account starts in a browser of its own: no tokens or device keys of another test.
  client.storage.items.clear();
  const email = `devices-${++accounts}@example.com`;
  await signUp({ username: email, password: PASSWORD, options: { userAttributes: { email } } });
  await confirmSignUp({
    username: email,
    confirmationCode: await lastCode(fixture.standin, email),
  });
  await signIn({ username: email, password: PASSWORD });
  const setup = await setUpTOTP();
  await verifyTOTPSetup({ code: totpCode(setup.sharedSecret) });
  await updateMFAPreference({ totp: 'PREFERRED' });
  await signOut();
  return { email, secret: setup.sharedSecret };
}

/** Signs in; answers the code step if asked. Returns whether a code was asked. */
async function signInAskedForCode(email: string, secret: string): Promise<boolean> {
  const first = await signIn({ username: email, password: PASSWORD });
  if (first.nextStep.signInStep === 'DONE') return false;
  expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  const done = await confirmSignIn({ challengeResponse: totpCode(secret) });
  expect(done.nextStep.signInStep).toBe('DONE');
  return true;
}

/** The device keys Amplify keeps for the signed-in (or last) user (spec §3 device metadata). */
function storedDeviceKey(): string | undefined {
  for (const [key, value] of client.storage.items) {
    if (key.endsWith('.deviceKey')) return value;
  }
  return undefined;
}

/** Observes (does not change) the challenge answers Amplify sends while `work` runs. */
async function watchChallengeAnswers<T>(work: () => Promise<T>) {
  const seen: { challenge: string; deviceKey: string | undefined; error: string | undefined }[] =
    [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const target = new Headers(init?.headers).get('x-amz-target') ?? '';
    if (target.endsWith('.RespondToAuthChallenge') && typeof init?.body === 'string') {
      const body = JSON.parse(init.body) as {
        ChallengeName: string;
        ChallengeResponses: { DEVICE_KEY?: string };
      };
      const answer = response.ok
        ? undefined
        : ((await response.clone().json()) as { message: string }).message;
      seen.push({
        challenge: body.ChallengeName,
        deviceKey: body.ChallengeResponses.DEVICE_KEY,
        error: answer,
      });
    }
    return response;
  };
  try {
    return { result: await work(), seen };
  } finally {
    globalThis.fetch = realFetch;
  }
}

describe('remembered devices with MFA required', () => {
  it('skips the code on a remembered device, asks again after "forget this device"', async () => {
    const { email, secret } = await accountWithTotp();
    expect(await signInAskedForCode(email, secret)).toBe(true);
    // The stand-in handed out a device and Amplify confirmed it (device key, group, password).
    const deviceKey = storedDeviceKey();
    expect(deviceKey).toMatch(/^ap-south-1_/);
    const before = await fetchDevices();
    expect(before.map((device) => device.id)).toEqual([deviceKey]);
    expect(before[0]?.name).toBe(PHONE);

    await rememberDevice();
    await signOut();
    expect(storedDeviceKey()).toBe(deviceKey);
    // The device proves its own secret (DEVICE_SRP_AUTH) instead of the code.
    expect(await signInAskedForCode(email, secret)).toBe(false);

    await forgetDevice();
    expect(await fetchDevices()).toEqual([]);
    await signOut();
    expect(await signInAskedForCode(email, secret)).toBe(true);
    await signOut();
  });

  it('a device key the pool no longer knows is cleared and the sign-in succeeds on the retry', async () => {
    const { email, secret } = await accountWithTotp();
    await signInAskedForCode(email, secret);
    await rememberDevice();
    const staleKey = storedDeviceKey();
    const keyName = [...client.storage.items.keys()].find((key) => key.endsWith('.deviceKey'));
    const base = keyName?.slice(0, -'.deviceKey'.length) ?? '';
    const kept = new Map(
      ['deviceKey', 'deviceGroupKey', 'randomPasswordKey'].map((name) => [
        `${base}.${name}`,
        client.storage.items.get(`${base}.${name}`) ?? '',
      ]),
    );
    // Forgotten elsewhere (another session, or an administrator) while this browser still
    // holds the keys: forgetDevice also clears them here, so they are put back afterwards.
    const [device] = await fetchDevices();
    expect(device?.id).toBe(staleKey);
    await forgetDevice({ device: { id: staleKey ?? '' } });
    await signOut();
    for (const [key, value] of kept) client.storage.items.set(key, value);
    expect(storedDeviceKey()).toBe(staleKey);

    // spec §8: "Device does not exist." → Amplify clears the stored device and retries once;
    // the device is unknown, so the code is asked, and the sign-in completes.
    const calls = await watchChallengeAnswers(() => signInAskedForCode(email, secret));
    expect(calls.result).toBe(true);
    // The stand-in refused the stale key once; Amplify answered the same challenge again.
    expect(calls.seen.slice(0, 2)).toEqual([
      { challenge: 'PASSWORD_VERIFIER', deviceKey: staleKey, error: 'Device does not exist.' },
      { challenge: 'PASSWORD_VERIFIER', deviceKey: undefined, error: undefined },
    ]);
    const fresh = storedDeviceKey();
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(staleKey);
    await signOut();
  });

  it('refuses device calls without a valid token and one user’s device to another', async () => {
    const first = await accountWithTotp();
    await signInAskedForCode(first.email, first.secret);
    const [mine] = await fetchDevices();
    await signOut();
    const second = await accountWithTotp();
    await signInAskedForCode(second.email, second.secret);
    await expect(forgetDevice({ device: { id: mine?.id ?? '' } })).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
    await signOut();
    const res = await fetch(fixture.standin.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ListDevices',
      },
      body: JSON.stringify({ AccessToken: 'forged' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { __type: string }).__type).toBe('NotAuthorizedException');
  });
});
