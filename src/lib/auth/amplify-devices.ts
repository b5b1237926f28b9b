/**
 * Remembered devices (issue 27; spec §3 device metadata, §7 confirm device), through Amplify v6's
 * own calls so the same code works against Amazon Cognito. Amplify confirms a new device by
 * itself after a sign-in (ConfirmDevice: device key, group key and a random password kept in its
 * storage) and, on a remembered device, proves it instead of asking for the MFA code; spec §8's
 * unknown-device error (stored keys the pool no longer knows) is cleared and retried once inside
 * Amplify's sign-in. The app only asks to remember, lists and forgets.
 */
import { fetchDevices, forgetDevice, rememberDevice } from 'aws-amplify/auth';
import { deviceNameFromUserAgent } from '@/domain/device-name';
import { ensureConfigured } from './amplify-session';

export interface RememberedDevice {
  id: string;
  /** "Chrome on Android", from the name the device gave itself. */
  name: string;
  lastUsed: Date | null;
}

/** "Don't ask for a code on this device again": the pool skips MFA here from now on. */
export async function rememberThisDevice(): Promise<void> {
  await ensureConfigured();
  await rememberDevice();
}

export async function listRememberedDevices(): Promise<RememberedDevice[]> {
  await ensureConfigured();
  const devices = await fetchDevices();
  return devices
    .filter((device) => device.attributes.device_status === 'valid')
    .map((device) => ({
      id: device.id,
      name: deviceNameFromUserAgent(device.name),
      lastUsed: device.lastAuthenticatedDate ?? device.createDate ?? null,
    }));
}

/** "Forget this device": the next sign-in there asks for the code again. */
export async function forgetRememberedDevice(id: string): Promise<void> {
  await ensureConfigured();
  await forgetDevice({ device: { id } });
}
