/**
 * Users of a test's identity stand-in, through the AWS SDK (the calls Amplify makes): sign up and
 * confirm with the mailed code, sign in with a password, and the next tokens after a refresh,
 * with the groups they carry.
 */
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import type { IdentityStandin } from '../../../server/identity/standin';
import { lastCode } from './standin-fixture';

export interface StandinTokens {
  access: string;
  id: string;
  refresh: string;
}

export function standinUsers(standin: IdentityStandin) {
  const sdk = new CognitoIdentityProviderClient({
    region: standin.region,
    endpoint: standin.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const ClientId = standin.clientId;

  async function signIn(email: string, password: string): Promise<StandinTokens> {
    const answer = await sdk.send(
      new InitiateAuthCommand({
        ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const result = answer.AuthenticationResult;
    if (!result?.AccessToken || !result.IdToken || !result.RefreshToken) {
      throw new Error('sign-in returned no tokens');
    }
    return { access: result.AccessToken, id: result.IdToken, refresh: result.RefreshToken };
  }

  return {
    signIn,
    /** A new email sign-up, confirmed with the mailed code, signed in; with its sub. */
    async signUp(email: string, password: string): Promise<StandinTokens & { sub: string }> {
      await sdk.send(
        new SignUpCommand({
          ClientId,
          Username: email,
          Password: password,
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      );
      const code = await lastCode(standin, email);
      await sdk.send(
        new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: code }),
      );
      const tokens = await signIn(email, password);
      return { ...tokens, sub: decodeJwt(tokens.access).sub ?? '' };
    },
    /** The next access token (a refresh, as Amplify does when one expires) and its groups. */
    async nextToken(refreshToken: string): Promise<{ access: string; groups: string[] }> {
      const answer = await sdk.send(
        new InitiateAuthCommand({
          ClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      );
      const access = answer.AuthenticationResult?.AccessToken;
      if (!access) throw new Error('refresh returned no access token');
      const groups = (decodeJwt(access)['cognito:groups'] as string[] | undefined) ?? [];
      return { access, groups: [...groups].sort() };
    },
    close: () => sdk.destroy(),
  };
}
