/**
 * spec §8 passkey errors → what the person is told. Amplify v6 names each browser outcome
 * (PasskeyError names) and Cognito names its refusals (`WebAuthn…Exception`); each gets its own
 * plain sentence. A cancelled prompt (a NotAllowedError: the person closed the sheet, or the
 * device found no passkey and they dismissed it) is their choice, not an error: it comes back as
 * `cancelled`, and the screens show no error for it.
 */
export type PasskeyProblem =
  { kind: 'cancelled'; message: string } | { kind: 'error'; message: string };

const RELYING_PARTY =
  'Passkeys for ReferralHub work only on its own web address. Open the app at its usual address and try again.';

const ERRORS: Record<string, string> = {
  // spec §8 "not supported"
  PasskeyNotSupported:
    'This browser or device can’t use passkeys. Sign in with your password, or try another browser.',
  // spec §8 "invalid registration options"
  InvalidPasskeyRegistrationOptions:
    'We couldn’t start adding a passkey. Try again in a few minutes.',
  // spec §8 "invalid authentication options"
  InvalidPasskeyAuthenticationOptions:
    'We couldn’t start signing in with a passkey. Try again, or use your password.',
  // spec §8 "registration failed"
  PasskeyRegistrationFailed: 'Your device couldn’t create the passkey. Try again.',
  // spec §8 "retrieval failed"
  PasskeyRetrievalFailed:
    'Your device couldn’t find a passkey for this account. Use your password instead.',
  // spec §8 "already exists"
  PasskeyAlreadyExists:
    'This device already has a passkey for your account. You can use it to sign in.',
  // spec §8 "operation aborted"
  PasskeyOperationAborted: 'The passkey request was interrupted. Try again.',
  // spec §8 "relying party mismatch", from the browser…
  RelyingPartyMismatch: RELYING_PARTY,
  // …and from the identity service, which checks the origin and relying party again.
  WebAuthnRelyingPartyMismatchException: RELYING_PARTY,
  WebAuthnOriginNotAllowedException: RELYING_PARTY,
  WebAuthnChallengeNotFoundException: 'That took too long. Try again.',
  WebAuthnCredentialNotSupportedException:
    'This passkey can’t be used with ReferralHub. Try another device or authenticator.',
  WebAuthnNotEnabledException: 'Passkeys aren’t available right now. Use your password.',
  WebAuthnConfigurationMissingException: 'Passkeys aren’t available right now. Use your password.',
  LimitExceededException: 'You have the most passkeys allowed. Remove one, then add this one.',
};

const CANCELLED: Record<string, string> = {
  // spec §8 "registration canceled"
  PasskeyRegistrationCanceled: 'No passkey was added.',
  // spec §8 "authentication canceled"; a NotAllowedError is a cancelled authentication.
  PasskeyAuthenticationCanceled: 'Passkey sign-in cancelled.',
  NotAllowedError: 'Passkey sign-in cancelled.',
};

/** The browser's own DOMException names, if one ever arrives without Amplify's wrapping. */
const BROWSER_NAMES: Record<string, string> = {
  InvalidStateError: 'PasskeyAlreadyExists',
  SecurityError: 'RelyingPartyMismatch',
  AbortError: 'PasskeyOperationAborted',
  NotSupportedError: 'PasskeyNotSupported',
};

const UNKNOWN: PasskeyProblem = {
  kind: 'error',
  message: 'Something went wrong with the passkey. Try again, or use your password.',
};

/** The passkey problem behind an error, or null when it is not about passkeys. */
export function passkeyProblem(error: unknown): PasskeyProblem | null {
  if (!(error instanceof Error) && !(error instanceof DOMException)) return null;
  const cancelled = CANCELLED[error.name];
  if (cancelled) return { kind: 'cancelled', message: cancelled };
  const message = ERRORS[error.name];
  if (message) return { kind: 'error', message };
  const browser = BROWSER_NAMES[error.name];
  if (browser) return { kind: 'error', message: ERRORS[browser] ?? '' };
  // Amplify wraps a browser failure it has no name for as "Unknown" with the original inside.
  const inner: unknown = (error as { underlyingError?: unknown }).underlyingError;
  if (error.name === 'Unknown' && inner) return passkeyProblem(inner) ?? UNKNOWN;
  return null;
}
