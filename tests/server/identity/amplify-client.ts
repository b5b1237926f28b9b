/**
 * The real aws-amplify v6 Auth client, in Node, pointed at a stand-in: the same calls the app
 * makes, with its default SRP sign-in. Tokens live in a Map the test can read (Amplify's own
 * storage in Node is an in-memory store it does not expose). Plus an AWS SDK client for what a
 * test checks from the outside (is this refresh token still usable?).
 */
import {
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ConsoleLogger, type KeyValueStorageInterface } from 'aws-amplify/utils';
import type { IdentityStandin } from '../../../server/identity/standin';

class MapStorage implements KeyValueStorageInterface {
  readonly items = new Map<string, string>();
  setItem(key: string, value: string) {
    this.items.set(key, value);
    return Promise.resolve();
  }
  getItem(key: string) {
    return Promise.resolve(this.items.get(key) ?? null);
  }
  removeItem(key: string) {
    this.items.delete(key);
    return Promise.resolve();
  }
  clear() {
    this.items.clear();
    return Promise.resolve();
  }
}

export function configureAmplify(standin: IdentityStandin) {
  // Amplify warns on every call that the endpoint is custom: true, and noise in test output.
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: standin.userPoolId,
        userPoolClientId: standin.clientId,
        userPoolEndpoint: standin.endpoint,
        loginWith: { email: true },
      },
    },
  });
  const storage = new MapStorage();
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);

  const sdk = new CognitoIdentityProviderClient({
    region: standin.region,
    endpoint: standin.endpoint,
    // Unused by these unauthenticated calls, but it stops the SDK hunting for credentials.
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

  return {
    /** Amplify's key-value storage (tokens, device metadata), for tests that read or seed it. */
    storage,
    /** The refresh token Amplify holds for the signed-in user. */
    storedRefreshToken(): string {
      const prefix = `CognitoIdentityServiceProvider.${standin.clientId}`;
      const user = storage.items.get(`${prefix}.LastAuthUser`);
      const token = storage.items.get(`${prefix}.${user}.refreshToken`);
      if (!token) throw new Error('Amplify holds no refresh token');
      return token;
    },
    /** Resolves 'valid' or the error name the stand-in answers a refresh with. */
    async refreshOutcome(refreshToken: string): Promise<string> {
      try {
        await sdk.send(
          new GetTokensFromRefreshTokenCommand({
            ClientId: standin.clientId,
            RefreshToken: refreshToken,
          }),
        );
        return 'valid';
      } catch (error) {
        return (error as Error).name;
      }
    },
    /** A second session for the same user, as another device would open it. */
    async signInElsewhere(email: string, password: string): Promise<string> {
      const result = await sdk.send(
        new InitiateAuthCommand({
          ClientId: standin.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const token = result.AuthenticationResult?.RefreshToken;
      if (!token) throw new Error('no refresh token');
      return token;
    },
    destroy: () => sdk.destroy(),
  };
}
