/**
 * Routes each user-pool API call (the `X-Amz-Target` of a POST to the endpoint) to the stand-in's
 * own handler where it has one, and to cognito-local's otherwise. cognito-local's server still
 * turns the result or the thrown CognitoError into the HTTP answer, so errors keep Cognito's
 * `__type` names that Amplify maps to its exceptions.
 */
import { z } from 'zod';
import type { Context, Route, TargetRouter } from './cognito-local-internals';
import type { createPasskeys } from './passkeys';
import type { createSessionTargets } from './session-targets';
import type { createSignInSteps } from './sign-in-steps';
import type { createSrpSignIn } from './srp-sign-in';

const AuthFlowOnly = z.object({ AuthFlow: z.string().optional() });
const ChallengeOnly = z.object({ ChallengeName: z.string().optional() });

export function createTargetRouter(
  base: TargetRouter,
  srp: ReturnType<typeof createSrpSignIn>,
  session: ReturnType<typeof createSessionTargets>,
  steps: ReturnType<typeof createSignInSteps>,
  passkeys: ReturnType<typeof createPasskeys>,
): TargetRouter {
  const own: Record<string, (ctx: Context, body: unknown) => Promise<unknown>> = {
    InitiateAuth(ctx, body) {
      const flow = AuthFlowOnly.safeParse(body).data?.AuthFlow;
      if (flow === 'USER_SRP_AUTH') return srp.initiate(ctx, body);
      if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
        return session.refreshTokenAuth(ctx, body);
      }
      return steps.initiateAuth(ctx, body, flow);
    },
    async RespondToAuthChallenge(ctx, body) {
      const challenge = ChallengeOnly.safeParse(body).data?.ChallengeName;
      if (challenge === 'PASSWORD_VERIFIER') return srp.verifyPassword(ctx, body);
      if (steps.owns(body)) return steps.respondToAuthChallenge(ctx, body);
      const result: unknown = await base('RespondToAuthChallenge')(ctx, body);
      await session.keepChallengeRefreshToken(ctx, body, result);
      return result;
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
  };

  return (target: string): Route => own[target] ?? base(target);
}
