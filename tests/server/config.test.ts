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

describe('object store configuration', () => {
  it('uses the local store unless OBJECT_STORE=s3, which needs a bucket', () => {
    expect(loadConfig({}).OBJECT_STORE).toBe('local');
    expect(() => loadConfig({ OBJECT_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ OBJECT_STORE: 'gcs' })).toThrow(/OBJECT_STORE/);
    expect(() => loadConfig({ OBJECT_STORE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    const s3 = loadConfig({ OBJECT_STORE: 's3', S3_BUCKET: 'rh-cvs' });
    expect(s3.S3_REGION).toBe('ap-south-1'); // spec §9
    expect(s3.S3_FORCE_PATH_STYLE).toBe(false);
    expect(() =>
      loadConfig({ OBJECT_STORE: 's3', S3_BUCKET: 'rh-cvs', S3_REGION: 'mumbai' }),
    ).toThrow(/S3_REGION/);
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
