/**
 * Routes each user-pool API call (the `X-Amz-Target` of a POST to the endpoint) to the stand-in's
 * own handler where it has one, and to cognito-local's otherwise. cognito-local's server still
 * turns the result or the thrown CognitoError into the HTTP answer, so errors keep Cognito's
 * `__type` names that Amplify maps to its exceptions.
 */
import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { Context, Route, TargetRouter } from './cognito-local-internals';
import type { createDevices } from './devices';
import type { createPasskeys } from './passkeys';
import type { createSessionTargets } from './session-targets';
import type { createSignInSteps } from './sign-in-steps';
import type { createSrpSignIn } from './srp-sign-in';

const AuthFlowOnly = z.object({ AuthFlow: z.string().optional() });
const ChallengeOnly = z.object({ ChallengeName: z.string().optional() });
const DeviceKeyOf = z.object({
  AuthParameters: z.object({ DEVICE_KEY: z.string().optional() }).optional(),
  ChallengeResponses: z.object({ DEVICE_KEY: z.string().optional() }).optional(),
});
const SignedIn = z.object({
  AuthenticationResult: z.looseObject({
    AccessToken: z.string(),
    NewDeviceMetadata: z.unknown().optional(),
  }),
});

export function createTargetRouter(
  base: TargetRouter,
  srp: ReturnType<typeof createSrpSignIn>,
  session: ReturnType<typeof createSessionTargets>,
  steps: ReturnType<typeof createSignInSteps>,
  passkeys: ReturnType<typeof createPasskeys>,
  devices: ReturnType<typeof createDevices>,
): TargetRouter {
  /**
   * A sign-in that ends with tokens on a device the pool does not know gets NewDeviceMetadata,
   * as in a pool with device tracking (devices.ts); Amplify then calls ConfirmDevice.
   */
  function withDeviceMetadata(body: unknown, result: unknown): unknown {
    const signedIn = SignedIn.safeParse(result);
    if (!signedIn.success || signedIn.data.AuthenticationResult.NewDeviceMetadata) return result;
    const tokens = signedIn.data.AuthenticationResult;
    const username = decodeJwt(tokens.AccessToken).username;
    if (typeof username !== 'string') return result;
    const request = DeviceKeyOf.safeParse(body).data;
    const deviceKey =
      request?.AuthParameters?.DEVICE_KEY ?? request?.ChallengeResponses?.DEVICE_KEY;
    const metadata = devices.newDeviceMetadata(username, deviceKey);
    if (!metadata) return result;
    return {
      ...(result as object),
      AuthenticationResult: { ...tokens, NewDeviceMetadata: metadata },
    };
  }

  const own: Record<string, (ctx: Context, body: unknown) => Promise<unknown>> = {
    async InitiateAuth(ctx, body) {
      const flow = AuthFlowOnly.safeParse(body).data?.AuthFlow;
      if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
        return session.refreshTokenAuth(ctx, body);
      }
      const result: unknown =
        flow === 'USER_SRP_AUTH'
          ? await srp.initiate(ctx, body)
          : await steps.initiateAuth(ctx, body, flow);
      return withDeviceMetadata(body, result);
    },
    async RespondToAuthChallenge(ctx, body) {
      const challenge = ChallengeOnly.safeParse(body).data?.ChallengeName;
      if (challenge === 'PASSWORD_VERIFIER') {
        return withDeviceMetadata(body, await srp.verifyPassword(ctx, body));
      }
      if (challenge === 'DEVICE_SRP_AUTH') return devices.deviceSrpAuth(ctx, body);
      if (challenge === 'DEVICE_PASSWORD_VERIFIER') {
        return devices.devicePasswordVerifier(ctx, body);
      }
      if (steps.owns(body)) {
        return withDeviceMetadata(body, await steps.respondToAuthChallenge(ctx, body));
      }
      const result: unknown = await base('RespondToAuthChallenge')(ctx, body);
      await session.keepChallengeRefreshToken(ctx, body, result);
      return withDeviceMetadata(body, result);
    },
    AssociateSoftwareToken: steps.associateSoftwareToken,
    VerifySoftwareToken: steps.verifySoftwareToken,
    SetUserMFAPreference: steps.setUserMfaPreference,
    ChangePassword: steps.changePassword,
    SignUp: steps.signUp,
    ConfirmSignUp: steps.confirmSignUp,
    ResendConfirmationCode: session.resendConfirmationCode,
    GetTokensFromRefreshToken: session.getTokensFromRefreshToken,
    GlobalSignOut: session.globalSignOut,
    StartWebAuthnRegistration: passkeys.startRegistration,
    CompleteWebAuthnRegistration: passkeys.completeRegistration,
    ListWebAuthnCredentials: passkeys.list,
    DeleteWebAuthnCredential: passkeys.remove,
    ConfirmDevice: devices.confirmDevice,
    UpdateDeviceStatus: devices.updateDeviceStatus,
    ListDevices: devices.listDevices,
    GetDevice: devices.getDevice,
    ForgetDevice: devices.forgetDevice,
  };

  return (target: string): Route => own[target] ?? base(target);
}
