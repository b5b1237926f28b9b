import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from '../../server/app';
import type { TokenVerifier } from '../../server/auth/verify-token';
import type { Database } from '../../server/db/client';
import { testConfig } from './support/test-config';

/** A small stand-in for a built dist/: the file names a Vite + PWA build produces. */
export function makeDistFixture(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'icons'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>ReferralHub</title><div id="root"></div>',
  );
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"ReferralHub"}');
  writeFileSync(path.join(dir, 'assets', 'index-AbC123xy.js'), 'console.log("app");'.repeat(200));
  writeFileSync(path.join(dir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function makeServer(distDir: string, db?: Database, verifier?: TokenVerifier) {
  const config = testConfig({ DIST_DIR: distDir, LOG_LEVEL: 'silent', PORT: '0' });
  return buildServer({ config, version: '9.9.9-test', db, verifier });
}
