/**
 * The VAPID key pair that identifies this server to push services (RFC 8292). Made once, on first
 * use, and kept in DATA_DIR (mode 0600): browsers bind each subscription to the public key, so a
 * new pair would silently orphan every subscription. Several instances must share one DATA_DIR
 * file (or the same file copied) to send to the same subscriptions.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

const KEYS_FILE = 'vapid-keys.json';
const KeysSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });
export type VapidKeys = z.infer<typeof KeysSchema>;

export function resolveVapidKeys(dataDir: string): VapidKeys {
  const file = path.resolve(dataDir, KEYS_FILE);
  try {
    return KeysSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is unreadable: delete it to make new VAPID keys`, { cause: error });
    }
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
  return keys;
}
