/**
 * The only module that imports aws-amplify (style.md: one way in). It is loaded lazily (sign-in
 * pages, or after start-up when a session exists), so Amplify's ~45 KB stay out of the first
 * load of public pages (design/identity.md).
 *
 * Spec §4 behaviours kept here: signing in while signed in is refused ("There is already a signed
 * in user.", spec §8); sign-up ends in CONFIRM_SIGN_UP, COMPLETE_AUTO_SIGN_IN or DONE and signs in
 * automatically after confirmation; a sign-in error is rethrown except password-reset-required
 * and user-not-confirmed, which come back as steps.
 */
import { Amplify } from 'aws-amplify';
import {
  autoSignIn,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { mapIdentityGroups } from '@/domain/roles';
import { setAccessTokenProvider } from '@/lib/api';
import { loadIdentityConfig } from './identity-config';
import { mirrorAccessToken } from './token-mirror';
import { setSession, type SessionSummary } from './session-store';

let configured: Promise<void> | undefined;

export function ensureConfigured(): Promise<void> {
  configured ??= loadIdentityConfig()
    .then((identity) => {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: identity.userPoolId,
            userPoolClientId: identity.userPoolClientId,
            ...(identity.userPoolEndpoint ? { userPoolEndpoint: identity.userPoolEndpoint } : {}),
            loginWith: {
              email: true,
              ...(identity.oauth
                ? {
                    oauth: {
                      domain: identity.oauth.domain,
                      scopes: identity.oauth.scopes,
                      redirectSignIn: identity.oauth.redirectSignIn,
                      redirectSignOut: identity.oauth.redirectSignOut,
                      responseType: identity.oauth.responseType,
                    },
                  }
                : {}),
            },
          },
        },
      });
      // Every API call carries the current (auto-refreshed) access token.
      setAccessTokenProvider(async () => {
        const token = (await fetchAuthSession()).tokens?.accessToken;
        // The service worker sends queued actions with the same token (token-mirror.ts).
        await mirrorAccessToken(token);
        return token?.toString();
      });
    })
    .catch((error: unknown) => {
      configured = undefined;
      throw error;
    });
  return configured;
}

/** Reads the signed-in user from Amplify's tokens into the session mirror. */
export async function refreshSessionSummary(): Promise<SessionSummary | null> {
  await ensureConfigured();
  const { tokens } = await fetchAuthSession();
  if (!tokens?.idToken) {
    setSession(null);
    return null;
  }
  const claims = tokens.idToken.payload;
  const groups = Array.isArray(claims['cognito:groups'])
    ? claims['cognito:groups'].filter((g): g is string => typeof g === 'string')
    : [];
  const { userType, corporateUserType } = mapIdentityGroups(groups);
  const summary: SessionSummary = {
    sub: String(claims.sub ?? ''),
    email: typeof claims.email === 'string' ? claims.email : '',
    fullName: typeof claims.name === 'string' ? claims.name : '',
    userType,
    corporateUserType,
    lastAccessedDash: null,
  };
  setSession(summary);
  return summary;
}

export type SignInOutcome =
  | { step: 'DONE'; session: SessionSummary | null }
  | { step: 'CONFIRM_SIGN_UP' }
  | { step: 'RESET_PASSWORD' }
  | { step: 'UNSUPPORTED'; name: string };

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  await ensureConfigured();
  const result = await signIn({ username: email, password });
  const step = result.nextStep.signInStep;
  if (step === 'DONE') return { step: 'DONE', session: await refreshSessionSummary() };
  if (step === 'CONFIRM_SIGN_UP') return { step: 'CONFIRM_SIGN_UP' };
  if (step === 'RESET_PASSWORD') return { step: 'RESET_PASSWORD' };
  return { step: 'UNSUPPORTED', name: step };
}

export interface SignUpInput {
  email: string;
  password: string;
  name: string;
  phoneNumber?: string;
}

export async function signUpWithPassword(input: SignUpInput) {
  await ensureConfigured();
  const result = await signUp({
    username: input.email,
    password: input.password,
    options: {
      userAttributes: {
        email: input.email,
        name: input.name,
        ...(input.phoneNumber ? { phone_number: input.phoneNumber } : {}),
      },
      autoSignIn: true,
    },
  });
  return result.nextStep.signUpStep;
}

/** Confirms the emailed code; signs in automatically afterwards (spec §4). */
export async function confirmSignUpCode(
  email: string,
  code: string,
): Promise<SessionSummary | null> {
  await ensureConfigured();
  const result = await confirmSignUp({ username: email, confirmationCode: code });
  if (result.nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
    await autoSignIn();
    return refreshSessionSummary();
  }
  return null;
}

export async function resendCode(email: string) {
  await ensureConfigured();
  await resendSignUpCode({ username: email });
}

/** spec §4: logout clears all storage and signs out. */
export async function signOutEverywhere() {
  await ensureConfigured();
  try {
    await signOut();
  } finally {
    setAccessTokenProvider(null);
    await mirrorAccessToken(null);
    setSession(null);
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
}

export type RefreshOutcome = 'refreshed' | 'rejected' | 'unreachable';

/**
 * Asks Amplify for the session, refreshing expired tokens (or all of them with `force`).
 * 'rejected' only when the identity service refused the refresh token (revoked, expired, user
 * gone); Amplify then forgets the tokens. Network and service trouble is 'unreachable': an
 * offline-first app must not sign people out because a train went into a tunnel.
 */
export async function refreshTokens(force = false): Promise<RefreshOutcome> {
  try {
    await ensureConfigured();
    const { tokens } = await fetchAuthSession(force ? { forceRefresh: true } : {});
    return tokens?.accessToken ? 'refreshed' : 'rejected';
  } catch (error) {
    if (error instanceof Error && error.name.startsWith('NotAuthorizedException')) {
      return 'rejected';
    }
    return 'unreachable';
  }
}
