/**
 * The seed is deterministic, copies into a fresh folder per run, and the stand-in writes only
 * there. The demo account list is the one source the README, product seed and tests share.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../server/identity/demo-accounts';
import {
  DEFAULT_REDIRECT_URLS,
  IDENTITY_GROUPS,
  LOCAL_USER_POOL_ID,
} from '../../../server/identity/local-ids';
import { buildSeedData, identityDbDir, writeSeedData } from '../../../server/identity/seed';
import { startIdentityStandin } from '../../../server/identity/standin';

const folders: string[] = [];
function freshFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-identity-seed-'));
  folders.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function files(dataDir: string): Record<string, string> {
  const db = identityDbDir(dataDir);
  return Object.fromEntries(
    readdirSync(db).map((name) => [name, readFileSync(path.join(db, name), 'utf8')]),
  );
}

describe('the identity seed', () => {
  it('writes byte-identical files on every run', () => {
    const first = freshFolder();
    const second = freshFolder();
    writeSeedData(first);
    writeSeedData(second);
    expect(Object.keys(files(first)).sort()).toEqual([
      `${LOCAL_USER_POOL_ID}.json`,
      'clients.json',
    ]);
    expect(files(second)).toEqual(files(first));
    expect(JSON.stringify(buildSeedData())).toBe(JSON.stringify(buildSeedData()));
  });

  it('has every group and puts each demo account in its group', () => {
    const { pool } = buildSeedData();
    expect(Object.keys(pool.Groups)).toEqual([...IDENTITY_GROUPS]);
    for (const account of DEMO_ACCOUNTS) {
      expect(pool.Groups[account.group]?.members, account.email).toContain(account.sub);
      expect(pool.Users[account.sub]?.Password).toBe(DEMO_PASSWORD);
    }
  });

  it('keeps the demo account list consistent', () => {
    const emails = DEMO_ACCOUNTS.map((account) => account.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(new Set(DEMO_ACCOUNTS.map((account) => account.sub)).size).toBe(emails.length);
    expect(emails).toEqual([
      'candidate@example.com',
      'newcandidate@example.com',
      'referee@example.com',
      'corp-admin@example.com',
      'recruiter@example.com',
      'admin@example.com',
      'evaluator@example.com',
      'deactivated@example.com',
      // issue 16: a candidate without credits and a second referee.
      'nocredits@example.com',
      'referee2@example.com',
    ]);
    expect(DEMO_ACCOUNTS.filter((account) => account.deactivated).map((a) => a.email)).toEqual([
      'deactivated@example.com',
    ]);
    // The deactivated user is deleted in the product database only: the pool still has them.
    expect(buildSeedData().pool.Users[DEMO_ACCOUNTS[7]!.sub]?.Enabled).toBe(true);
  });
});

describe('the stand-in and its data folder', () => {
  it('keeps changes across restarts, starts over with reset, and writes nowhere else', async () => {
    const dataDir = freshFolder();
    const hadCognitoFolder = existsSync('.cognito');
    const signUp = async (endpoint: string) =>
      fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
        },
        body: JSON.stringify({
          ClientId: 'localdevwebclient0000000000',
          Username: 'kept@example.com',
          Password: DEMO_PASSWORD,
          UserAttributes: [{ Name: 'email', Value: 'kept@example.com' }],
        }),
      });

    const first = await startIdentityStandin({ dataDir, logLevel: 'silent' });
    expect((await signUp(first.endpoint)).status).toBe(200);
    await first.stop();

    const again = await startIdentityStandin({ dataDir, logLevel: 'silent' });
    expect((await signUp(again.endpoint)).status).toBe(400); // UsernameExistsException: kept
    await again.stop();

    const reset = await startIdentityStandin({ dataDir, logLevel: 'silent', reset: true });
    expect((await signUp(reset.endpoint)).status).toBe(200); // gone after the reset
    await reset.stop();

    expect(existsSync(path.join(dataDir, 'db', `${LOCAL_USER_POOL_ID}.json`))).toBe(true);
    // cognito-local's own default is ./.cognito in the working directory: never used here.
    expect(existsSync('.cognito')).toBe(hadCognitoFolder);
  });

  it('adds the default return URLs to the stored ones of an older data folder', async () => {
    const dataDir = freshFolder();
    // A folder from a version that knew other return URLs (no /auth/checkRedirection).
    writeSeedData(dataDir, { redirectUrls: ['http://localhost:4321/'] });
    const standin = await startIdentityStandin({ dataDir, logLevel: 'silent' });
    await standin.stop();
    const clients = JSON.parse(
      readFileSync(path.join(identityDbDir(dataDir), 'clients.json'), 'utf8'),
    ) as {
      Clients: Record<string, { CallbackURLs: string[]; LogoutURLs: string[] }>;
    };
    const client = clients.Clients[standin.clientId];
    expect(client?.CallbackURLs).toEqual(['http://localhost:4321/', ...DEFAULT_REDIRECT_URLS]);
    expect(client?.LogoutURLs).toEqual(client?.CallbackURLs);
  });

  it('explains a port that is already taken', async () => {
    const first = await startIdentityStandin({ dataDir: freshFolder(), logLevel: 'silent' });
    try {
      const port = Number(new URL(first.endpoint).port);
      await expect(
        startIdentityStandin({ dataDir: freshFolder(), logLevel: 'silent', port }),
      ).rejects.toThrow(`port ${port} is in use`);
    } finally {
      await first.stop();
    }
  });
});
