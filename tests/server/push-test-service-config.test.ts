import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

// A production configuration behind a public https origin (Cognito, Razorpay): it loads.
const production = {
  PUBLIC_ORIGIN: 'https://referralhub.example.com',
  IDENTITY_MODE: 'cognito',
  COGNITO_USER_POOL_ID: 'ap-south-1_Example1',
  COGNITO_CLIENT_ID: 'exampleclientid123',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_Example123',
  RAZORPAY_KEY_SECRET: 'razorpay-secret',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
};

describe('PUSH_TEST_SERVICE_CA_FILE (bench:cluster’s local push service)', () => {
  it('is off unless set', () => {
    expect(loadConfig({}).PUSH_TEST_SERVICE_CA_FILE).toBe('');
    expect(loadConfig(production).PUSH_TEST_SERVICE_CA_FILE).toBe('');
  });

  it('is accepted on a local http origin', () => {
    expect(
      loadConfig({ PUSH_TEST_SERVICE_CA_FILE: '/tmp/push.pem' }).PUSH_TEST_SERVICE_CA_FILE,
    ).toBe('/tmp/push.pem');
  });

  it('is refused behind a public https origin (loopback push endpoints there would reach the server’s own network)', () => {
    expect(() => loadConfig({ ...production, PUSH_TEST_SERVICE_CA_FILE: '/tmp/push.pem' })).toThrow(
      /PUSH_TEST_SERVICE_CA_FILE: must be empty when PUBLIC_ORIGIN is a public https origin/,
    );
  });
});
