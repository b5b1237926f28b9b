/**
 * The HMAC secret that signs upload URLs. STORAGE_SIGNING_SECRET wins when set (several server
 * instances must share it); otherwise a random secret is made on first start and kept in
 * DATA_DIR, so URLs issued before a restart still verify after it. The file is created with
 * mode 0600 and never logged.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'storage-signing-secret';

export function resolveSigningSecret(configured: string, dataDir: string): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, SECRET_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
