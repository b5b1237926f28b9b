/** The identity part of the server configuration, alone and merged as server/config.ts will. */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  IdentityConfigSchema,
  identityConfigShape,
  refineIdentityConfig,
  startsIdentityStandin,
  tokenVerifierSettings,
} from '../../../server/identity/config';

const production = {
  IDENTITY_MODE: 'cognito',
  COGNITO_USER_POOL_ID: 'ap-south-1_AbC123xyz',
  COGNITO_CLIENT_ID: '1example23456789abcdefghij',
};

function problems(env: Record<string, string>): string[] {
  const parsed = IdentityConfigSchema.safeParse(env);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
}

describe('identity configuration', () => {
  it('defaults to the local stand-in on 9229/9443 in ap-south-1', () => {
    const config = IdentityConfigSchema.parse({});
    expect(config).toMatchObject({
      IDENTITY_MODE: 'local',
      COGNITO_REGION: 'ap-south-1',
      IDENTITY_PORT: 9229,
      IDENTITY_HTTPS_PORT: 9443,
    });
    expect(startsIdentityStandin(config)).toBe(true);
    expect(
      tokenVerifierSettings(config, { issuer: 'http://x/p', jwksUri: 'http://x/p/j' }),
    ).toEqual({
      mode: 'local',
      clientId: 'localdevwebclient0000000000',
      issuer: 'http://x/p',
      jwksUri: 'http://x/p/j',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(problems({ COGNITO_ENDPOINT: '', COGNITO_USER_POOL_ID: '' })).toEqual([]);
  });

  it('uses a stand-in that runs elsewhere when COGNITO_ENDPOINT is set', () => {
    const config = IdentityConfigSchema.parse({ COGNITO_ENDPOINT: 'http://127.0.0.1:9229/' });
    expect(startsIdentityStandin(config)).toBe(false);
    expect(tokenVerifierSettings(config)).toMatchObject({
      issuer: 'http://127.0.0.1:9229/ap-south-1_LocalDev1',
      jwksUri: 'http://127.0.0.1:9229/ap-south-1_LocalDev1/.well-known/jwks.json',
    });
  });

  it('in cognito mode needs the pool and client, and allows no endpoint override', () => {
    expect(problems({ IDENTITY_MODE: 'cognito' })).toEqual([
      'COGNITO_USER_POOL_ID',
      'COGNITO_CLIENT_ID',
    ]);
    expect(problems({ ...production, COGNITO_ENDPOINT: 'http://127.0.0.1:9229' })).toEqual([
      'COGNITO_ENDPOINT',
    ]);
    expect(problems({ ...production, COGNITO_REGION: 'us-east-1' })).toEqual([
      'COGNITO_USER_POOL_ID',
    ]);
    const config = IdentityConfigSchema.parse(production);
    expect(startsIdentityStandin(config)).toBe(false);
    expect(tokenVerifierSettings(config)).toEqual({
      mode: 'cognito',
      region: 'ap-south-1',
      userPoolId: 'ap-south-1_AbC123xyz',
      clientId: '1example23456789abcdefghij',
    });
  });

  it('refuses malformed values, naming the variable', () => {
    expect(problems({ IDENTITY_MODE: 'aws' })).toEqual(['IDENTITY_MODE']);
    expect(problems({ COGNITO_REGION: 'evil.example/x' })).toEqual(['COGNITO_REGION']);
    expect(problems({ IDENTITY_PORT: '70000' })).toEqual(['IDENTITY_PORT']);
    expect(problems({ COGNITO_ENDPOINT: 'ftp://x' })).toEqual(['COGNITO_ENDPOINT']);
  });

  it('merges into a larger server schema', () => {
    const ServerSchema = z
      .object({ PORT: z.coerce.number().default(8080), ...identityConfigShape })
      .superRefine(refineIdentityConfig);
    expect(ServerSchema.parse({ PORT: '0' })).toMatchObject({ PORT: 0, IDENTITY_MODE: 'local' });
    expect(ServerSchema.safeParse({ IDENTITY_MODE: 'cognito' }).success).toBe(false);
  });
});
