/**
 * Counting Web Push deliveries for bench:cluster (issue 25 item 4): devices subscribed through
 * the real API (POST /api/push/subscriptions, as the app does) at a local push service
 * (tests/server/support/push-service.ts, the one the server tests use), and what that service
 * received, decrypted with each device's keys (RFC 8291) and counted per device and
 * notification. A message counts only if a browser could have read it.
 */
import {
  newBrowserKeys,
  readPush,
  type BrowserKeys,
  type CapturedPush,
} from '../../tests/server/support/push-service';

export interface Device {
  /** The path of its endpoint at the push service, e.g. /r3/phone. */
  path: string;
  keys: BrowserKeys;
}

/** Subscribes the token's user once per device name at `${origin}/${prefix}/${name}`. */
export async function subscribeDevices(
  base: string,
  token: string,
  origin: string,
  prefix: string,
  names: readonly string[],
): Promise<Device[]> {
  const devices: Device[] = [];
  for (const name of names) {
    const keys = newBrowserKeys();
    const path = `/${prefix}/${name}`;
    const res = await fetch(`${base}/api/push/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: {
          p256dh: keys.ecdh.getPublicKey().toString('base64url'),
          auth: keys.auth.toString('base64url'),
        },
      }),
    });
    if (res.status !== 201) throw new Error(`subscribing ${path}: ${res.status}`);
    devices.push({ path, keys });
  }
  return devices;
}

export interface DeliveryCount {
  /** Messages the service received at these devices' endpoints. */
  received: number;
  /** Expected notification × device pairs that arrived exactly once. */
  once: number;
  /** Expected pairs that never arrived. */
  lost: number;
  /** Extra copies of expected pairs (a pair received 3 times adds 2). */
  duplicates: number;
  /** Messages about anything else (or unreadable ones). */
  other: number;
}

/**
 * Compares what arrived at `devices` with `expected`: one message per device for each expected
 * notification, named by `keyOf` of the decrypted message (null: not one we expect).
 */
export function countDeliveries(
  received: readonly CapturedPush[],
  devices: readonly Device[],
  expected: ReadonlySet<string>,
  keyOf: (message: Record<string, unknown>) => string | null,
): DeliveryCount {
  const counts = new Map<string, number>();
  let total = 0;
  let other = 0;
  for (const message of received) {
    const device = devices.find((d) => d.path === message.path);
    if (!device) continue;
    total += 1;
    let key: string | null = null;
    try {
      key = keyOf(readPush(message, device.keys));
    } catch {
      key = null; // not decryptable: a browser would drop it
    }
    if (key === null || !expected.has(key)) {
      other += 1;
      continue;
    }
    const pair = `${device.path} ${key}`;
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  let once = 0;
  let lost = 0;
  let duplicates = 0;
  for (const device of devices) {
    for (const key of expected) {
      const n = counts.get(`${device.path} ${key}`) ?? 0;
      if (n === 0) lost += 1;
      else if (n === 1) once += 1;
      else duplicates += n - 1;
    }
  }
  return { received: total, once, lost, duplicates, other };
}
