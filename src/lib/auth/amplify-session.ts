/**
 * The way into aws-amplify (style.md: one way in; the passkey calls live beside it in
 * `amplify-passkeys.ts`, configured through `ensureConfigured`). It is loaded lazily (sign-in
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
  updatePassword,
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
      setAccessTokenProvider(async (options) => {
        // forceRefresh: the API refused the last token (issue 26 item 2); a refused refresh
        // leaves no token, and the session check signs the user out.
        const session = await fetchAuthSession({ forceRefresh: options?.forceRefresh }).catch(
          () => null,
        );
        const token = session?.tokens?.accessToken;
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

/** spec §5: the MFA choice must be TOTP, SMS or EMAIL. */
export type MfaMethod = 'TOTP' | 'SMS' | 'EMAIL';

export type SignInOutcome =
  | { step: 'DONE'; session: SessionSummary | null }
  | { step: 'CONFIRM_SIGN_UP' }
  | { step: 'RESET_PASSWORD' }
  /** spec §4: a one-time code from an authenticator app (TOTP), a text message or an email. */
  | { step: 'CODE'; via: MfaMethod; destination?: string }
  /** spec §4: new password required, with the attributes the pool still needs. */
  | { step: 'NEW_PASSWORD'; missingAttributes: string[] }
  /** spec §4 MFA setup by TOTP: the shared secret and its otpauth:// URI for a QR code. */
  | { step: 'TOTP_SETUP'; secret: string; setupUri: string }
  /** spec §4 MFA setup: the user picks which method to set up. */
  | { step: 'MFA_SETUP_SELECTION'; methods: MfaMethod[] }
  /** spec §4 MFA setup by email: the address the codes go to. */
  | { step: 'EMAIL_SETUP' }
  /** spec §4 MFA selection: the user has more than one method. */
  | { step: 'MFA_SELECTION'; methods: MfaMethod[] }
  /** spec §4 custom challenge: its public parameters (e.g. `question`). */
  | { step: 'CUSTOM_CHALLENGE'; parameters: Record<string, string> }
  /** spec §4 first-factor selection (USER_AUTH): e.g. PASSWORD, EMAIL_OTP. */
  | { step: 'FIRST_FACTOR'; factors: string[] }
  /** spec §4 password confirmation (after choosing PASSWORD as the first factor). */
  | { step: 'PASSWORD' }
  | { step: 'UNSUPPORTED'; name: string };

type SignInNextStep = Awaited<ReturnType<typeof signIn>>['nextStep'];

/** The app's name in authenticator apps (the otpauth:// issuer). */
const TOTP_ISSUER = 'ReferralHub';

/** The account being signed in, to label the authenticator entry with the email. */
let signingInAs = '';

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
      return withDestination('SMS', next.codeDeliveryDetails?.destination);
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return withDestination('EMAIL', next.codeDeliveryDetails?.destination);
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { step: 'NEW_PASSWORD', missingAttributes: [...(next.missingAttributes ?? [])] };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const details = next.totpSetupDetails;
      const label = signingInAs || undefined;
      return {
        step: 'TOTP_SETUP',
        secret: details.sharedSecret,
        setupUri: details.getSetupUri(TOTP_ISSUER, label).toString(),
      };
    }
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      return { step: 'MFA_SETUP_SELECTION', methods: [...(next.allowedMFATypes ?? [])] };
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
      return { step: 'EMAIL_SETUP' };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return { step: 'MFA_SELECTION', methods: [...(next.allowedMFATypes ?? [])] };
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
      return { step: 'CUSTOM_CHALLENGE', parameters: { ...next.additionalInfo } };
    case 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION':
      return { step: 'FIRST_FACTOR', factors: [...(next.availableChallenges ?? [])] };
    case 'CONFIRM_SIGN_IN_WITH_PASSWORD':
      return { step: 'PASSWORD' };
    default: {
      // Every step Amplify 6.22 knows is handled above; a newer one lands here.
      const unknown: { signInStep: string } = next;
      return { step: 'UNSUPPORTED', name: unknown.signInStep };
    }
  }
}

function withDestination(via: MfaMethod, destination: string | undefined): SignInOutcome {
  return destination ? { step: 'CODE', via, destination } : { step: 'CODE', via };
}

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  await ensureConfigured();
  signingInAs = email;
  const result = await signIn({ username: email, password });
  return outcomeOf(result.nextStep);
}

/**
 * A sign-in that starts without a password (spec §5: custom auth without SRP must not send one):
 * 'choice' lets the user pick the first factor (USER_AUTH: password or an emailed code),
 * 'custom' answers the pool's custom challenge (CUSTOM_WITHOUT_SRP).
 */
export async function signInWithoutPassword(
  email: string,
  flow: 'choice' | 'custom',
): Promise<SignInOutcome> {
  await ensureConfigured();
  signingInAs = email;
  const result = await signIn({
    username: email,
    options: { authFlowType: flow === 'choice' ? 'USER_AUTH' : 'CUSTOM_WITHOUT_SRP' },
  });
  return outcomeOf(result.nextStep);
}

/**
 * Sign-in with a passkey (issue 27): USER_AUTH with the WEB_AUTHN first factor. Amplify opens
 * the device's passkey prompt and answers Cognito's challenge; spec §8 passkey errors (cancelled,
 * not supported, relying party mismatch, …) arrive as Amplify's PasskeyError names. An account
 * without a passkey comes back as FIRST_FACTOR (the factors it does have).
 */
export async function signInWithPasskey(email: string): Promise<SignInOutcome> {
  await ensureConfigured();
  signingInAs = email;
  const result = await signIn({
    username: email,
    options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' },
  });
  return outcomeOf(result.nextStep);
}

/**
 * Answers the current sign-in step (spec §4 sign-in steps): a one-time code, a chosen method
 * (TOTP/SMS/EMAIL, PASSWORD/EMAIL_OTP), an email address to set up, the custom challenge's
 * answer, the password, or the new password with the missing attributes (e.g. `{ name: 'Tara' }`).
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

/** spec §8 password change errors. */
export const USER_NOT_AUTHENTICATED = 'User not authenticated';
export const ACCESS_TOKEN_MISSING = 'Access token is missing or expired';

/** A password change the identity service refused; `field` names the input at fault. */
export class PasswordChangeError extends Error {
  constructor(
    message: string,
    readonly field?: 'oldPassword' | 'newPassword',
  ) {
    super(message);
    this.name = 'PasswordChangeError';
  }
}

/**
 * spec §5: change password needs the old and the new password, an authenticated user and a
 * present access token; spec §8 names the last two errors. Amplify's `updatePassword` sends the
 * current (refreshed if needed) access token with Cognito's ChangePassword.
 */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await ensureConfigured();
  let tokens;
  try {
    tokens = (await fetchAuthSession()).tokens;
  } catch {
    throw new PasswordChangeError(ACCESS_TOKEN_MISSING);
  }
  if (!tokens) throw new PasswordChangeError(USER_NOT_AUTHENTICATED);
  const expiry = tokens.accessToken.payload.exp ?? 0;
  if (expiry * 1000 <= Date.now()) throw new PasswordChangeError(ACCESS_TOKEN_MISSING);
  try {
    await updatePassword({ oldPassword, newPassword });
  } catch (error) {
    throw passwordChangeError(error);
  }
}

function passwordChangeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  switch (error.name) {
    case 'UserUnAuthenticatedException':
      return new PasswordChangeError(USER_NOT_AUTHENTICATED);
    case 'NotAuthorizedException':
      // Cognito says "Incorrect username or password." for a wrong previous password; every
      // other refusal is about the access token (revoked, expired, invalid).
      return /incorrect username or password/i.test(error.message)
        ? new PasswordChangeError('The current password is not right.', 'oldPassword')
        : new PasswordChangeError(ACCESS_TOKEN_MISSING);
    case 'InvalidPasswordException':
      return new PasswordChangeError(error.message, 'newPassword');
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return new PasswordChangeError('Too many attempts. Wait a few minutes and try again.');
    default:
      return error;
  }
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

/** Amplify's device metadata keys (spec §3: device key, device group key, random password). */
const DEVICE_METADATA =
  /^CognitoIdentityServiceProvider\.[^.]+\.[^.]+\.(deviceKey|deviceGroupKey|randomPasswordKey)$/;

/**
 * spec §4: logout clears all storage, except Amplify's device metadata (issue 27,
 * docs/decisions.md): a device the person chose to remember must stay remembered after they sign
 * out, or "don't ask for a code on this device" would last one session. The keys hold no tokens;
 * "forget this device" removes them with the pool's record.
 */
function clearStorageKeepingDevice() {
  const kept: [string, string][] = [];
  for (let i = 0; i < window.localStorage.length; i++) {
    const key = window.localStorage.key(i) ?? '';
    const value = window.localStorage.getItem(key);
    if (DEVICE_METADATA.test(key) && value !== null) kept.push([key, value]);
  }
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const [key, value] of kept) window.localStorage.setItem(key, value);
}

/** spec §4: logout clears all storage (but the remembered device) and signs out. */
export async function signOutEverywhere() {
  await ensureConfigured();
  try {
    await signOut();
  } finally {
    setAccessTokenProvider(null);
    await mirrorAccessToken(null);
    setSession(null);
    clearStorageKeepingDevice();
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
    clearStorageKeepingDevice();
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
