import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('server configuration', () => {
  it('defaults to port 8080 and the dist/ folder', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DIST_DIR).toBe('dist');
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('security-sensitive configuration', () => {
  it('refuses the local identity stand-in behind a public https origin', () => {
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://referralhub.example.com' })).toThrow(
      /IDENTITY_MODE/,
    );
  });

  it('needs a pool and client id for Amazon Cognito', () => {
    expect(() => loadConfig({ IDENTITY_MODE: 'cognito' })).toThrow(/COGNITO_USER_POOL_ID/);
  });

  it('reads CORS origins as a list of URLs', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).CORS_ORIGINS,
    ).toEqual(['https://a.example', 'https://b.example']);
    expect(() => loadConfig({ CORS_ORIGINS: 'not a url' })).toThrow(/CORS_ORIGINS/);
  });
});
