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
import { Hub } from 'aws-amplify/utils';
import {
  autoSignIn,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
} from 'aws-amplify/auth';
// Completes a hosted (LinkedIn) sign-in when the app is configured on the return page.
import 'aws-amplify/auth/enable-oauth-listener';
import { mapIdentityGroups } from '@/domain/roles';
import { setAccessTokenProvider } from '@/lib/api';
import { loadIdentityConfig } from './identity-config';
import { mirrorAccessToken } from './token-mirror';
import { getSession, setSession, type SessionSummary } from './session-store';

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
  const sub = String(claims.sub ?? '');
  // The product profile (dashboard, referral count, picture) is not in the token: keep what the
  // mirror already knows about this same user.
  const previous = getSession();
  const known = previous?.sub === sub ? previous : null;
  const summary: SessionSummary = {
    sub,
    email: typeof claims.email === 'string' ? claims.email : '',
    fullName: typeof claims.name === 'string' ? claims.name : (known?.fullName ?? ''),
    userType,
    corporateUserType,
    lastAccessedDash: known?.lastAccessedDash ?? null,
    referralCount: known?.referralCount ?? null,
    profileImageUrl: known?.profileImageUrl ?? null,
  };
  setSession(summary);
  return summary;
}

export type SignInOutcome =
  | { step: 'DONE'; session: SessionSummary | null }
  | { step: 'CONFIRM_SIGN_UP' }
  | { step: 'RESET_PASSWORD' }
  /** spec §4: a one-time code from an authenticator app (TOTP), a text message or an email. */
  | { step: 'CODE'; via: 'TOTP' | 'SMS' | 'EMAIL' }
  /** spec §4: new password required, with the attributes the pool still needs. */
  | { step: 'NEW_PASSWORD'; missingAttributes: string[] }
  | { step: 'UNSUPPORTED'; name: string };

type SignInNextStep = Awaited<ReturnType<typeof signIn>>['nextStep'];

async function outcomeOf(next: SignInNextStep): Promise<SignInOutcome> {
  switch (next.signInStep) {
    case 'DONE':
      return { step: 'DONE', session: await refreshSessionSummary() };
    case 'CONFIRM_SIGN_UP':
      return { step: 'CONFIRM_SIGN_UP' };
    case 'RESET_PASSWORD':
      return { step: 'RESET_PASSWORD' };
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { step: 'CODE', via: 'TOTP' };
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return { step: 'CODE', via: 'SMS' };
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return { step: 'CODE', via: 'EMAIL' };
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { step: 'NEW_PASSWORD', missingAttributes: [...(next.missingAttributes ?? [])] };
    default:
      return { step: 'UNSUPPORTED', name: next.signInStep };
  }
}

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  await ensureConfigured();
  const result = await signIn({ username: email, password });
  return outcomeOf(result.nextStep);
}

/**
 * Answers the current sign-in challenge (spec §4 sign-in steps): the one-time code, or the new
 * password with the missing attributes (e.g. `{ name: 'Tara' }`).
 */
export async function answerSignInChallenge(
  response: string,
  userAttributes?: Record<string, string>,
): Promise<SignInOutcome> {
  await ensureConfigured();
  const result = await confirmSignIn({
    challengeResponse: response,
    ...(userAttributes ? { options: { userAttributes } } : {}),
  });
  return outcomeOf(result.nextStep);
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

/** The ID token (it carries the verified email), for the one call that needs it. */
export async function currentIdToken(): Promise<string | null> {
  await ensureConfigured();
  return (await fetchAuthSession()).tokens?.idToken?.toString() ?? null;
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

/** Ends the session on this device only (a failed auth check): no global sign-out. */
export async function signOutLocally() {
  try {
    await ensureConfigured();
    await signOut();
  } catch {
    // Amplify could not even be configured: the stored keys are cleared below anyway.
  } finally {
    setAccessTokenProvider(null);
    await mirrorAccessToken(null);
    setSession(null);
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
}

// The identity provider name the pool uses for LinkedIn (the stand-in's fake provider too).
const LINKEDIN_PROVIDER = 'LinkedIn';

/** spec §4: social sign-in through the hosted page; the browser leaves the app here. */
export async function signInWithLinkedIn() {
  await ensureConfigured();
  await signInWithRedirect({ provider: { custom: LINKEDIN_PROVIDER } });
}

/**
 * On the OAuth return page (/auth/checkRedirection): configuring Amplify exchanges the code
 * (PKCE), and reading the session waits for that exchange. Null when no one got signed in.
 */
export async function completeRedirectSignIn(): Promise<SessionSummary | null> {
  let failure: Error | undefined;
  // spec §8 OAuth errors ("User cancelled OAuth flow.", state validation, …) arrive on the Hub.
  const stop = Hub.listen('auth', ({ payload }) => {
    if (payload.event !== 'signInWithRedirect_failure') return;
    const error: unknown = payload.data.error;
    failure = error instanceof Error ? error : new Error('The sign-in did not complete.');
  });
  try {
    await ensureConfigured();
    const session = await refreshSessionSummary();
    if (!session && failure) throw failure;
    return session;
  } finally {
    stop();
  }
}
