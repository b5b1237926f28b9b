/**
 * Starts the identity stand-in for one test file: free ports, a fresh temporary data folder
 * (never the repository), silent logs. `stop()` closes it and deletes the folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTokenVerifier } from '../../../server/auth/verify-token';
import {
  startIdentityStandin,
  type IdentityStandin,
  type IdentityStandinOptions,
} from '../../../server/identity/standin';

/** The server's verifier, trusting this stand-in (as `tokenVerifierSettings` sets it up). */
export function verifierFor(standin: IdentityStandin, options: { acceptIdTokens?: boolean } = {}) {
  return createTokenVerifier({
    mode: 'local',
    issuer: standin.issuer,
    jwksUri: standin.jwksUri,
    clientId: standin.clientId,
    ...options,
  });
}

export const APP_URL = 'http://localhost:5173/';

export interface StandinFixture {
  standin: IdentityStandin;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startStandinFixture(
  options: Partial<IdentityStandinOptions> = {},
): Promise<StandinFixture> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rh-identity-'));
  const standin = await startIdentityStandin({
    dataDir,
    port: 0,
    httpsPort: 0,
    logLevel: 'silent',
    redirectUrls: [APP_URL],
    ...options,
  });
  return {
    standin,
    dataDir,
    async stop() {
      await standin.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest one-time code the stand-in "sent" to this email. */
export async function lastCode(standin: IdentityStandin, email: string): Promise<string> {
  const res = await fetch(`${standin.endpoint}/_dev/codes?email=${encodeURIComponent(email)}`);
  const codes = (await res.json()) as { code: string }[];
  const code = codes[0]?.code;
  if (!code) throw new Error(`no code was sent to ${email}`);
  return code;
}
