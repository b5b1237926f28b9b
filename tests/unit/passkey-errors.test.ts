/**
 * spec §8 passkey errors: each has its own plain sentence, and a cancelled prompt is not an
 * error. The errors are made by Amplify's own passkey error handlers (the code the app's
 * `associateWebAuthnCredential` and passkey sign-in run), from the DOMExceptions a browser throws.
 */
import { describe, expect, it } from 'vitest';
import { passkeyProblem } from '@/features/auth';
// Amplify's own internal passkey error handlers (not exported by 'aws-amplify/auth'): the test
// checks the app's messages against what Amplify really throws.
// eslint-disable-next-line no-restricted-imports
import {
  handlePasskeyAuthenticationError,
  handlePasskeyRegistrationError,
  PasskeyErrorCode,
  PasskeyError,
} from '../../node_modules/aws-amplify/node_modules/@aws-amplify/auth/dist/esm/client/utils/passkey/errors/index';

const dom = (name: string) => new DOMException('browser said no', name);

function amplifyError(code: string) {
  return new PasskeyError({ name: code, message: `Amplify: ${code}` });
}

describe('passkey problems (spec §8)', () => {
  it('gives every passkey error of the catalogue its own plain message', () => {
    const errors = [
      'PasskeyNotSupported',
      'InvalidPasskeyRegistrationOptions',
      'InvalidPasskeyAuthenticationOptions',
      'PasskeyRegistrationFailed',
      'PasskeyRetrievalFailed',
      'PasskeyAlreadyExists',
      'PasskeyOperationAborted',
      'RelyingPartyMismatch',
    ];
    // The names are Amplify's own.
    for (const code of errors) expect(Object.values(PasskeyErrorCode)).toContain(code);
    const messages = errors.map((code) => passkeyProblem(amplifyError(code)));
    for (const problem of messages) {
      expect(problem?.kind).toBe('error');
      // Plain words: no error codes, no Amplify or browser jargon.
      expect(problem?.message).not.toMatch(/Passkey[A-Z]|Exception|Amplify|ceremony|relying/);
    }
    expect(new Set(messages.map((problem) => problem?.message)).size).toBe(errors.length);
  });

  it('treats a NotAllowedError as a cancelled sign-in or registration, not an error', () => {
    const signIn = passkeyProblem(handlePasskeyAuthenticationError(dom('NotAllowedError')));
    expect(signIn).toEqual({ kind: 'cancelled', message: 'Passkey sign-in cancelled.' });
    const adding = passkeyProblem(handlePasskeyRegistrationError(dom('NotAllowedError')));
    expect(adding).toEqual({ kind: 'cancelled', message: 'No passkey was added.' });
    expect(passkeyProblem(dom('NotAllowedError'))?.kind).toBe('cancelled');
  });

  it('names what the browser reports through Amplify: duplicate, wrong site, interrupted', () => {
    expect(passkeyProblem(handlePasskeyRegistrationError(dom('InvalidStateError')))).toEqual(
      passkeyProblem(amplifyError('PasskeyAlreadyExists')),
    );
    const wrongSite = passkeyProblem(handlePasskeyAuthenticationError(dom('SecurityError')));
    expect(wrongSite).toEqual(passkeyProblem(amplifyError('RelyingPartyMismatch')));
    expect(wrongSite?.message).toMatch(/usual address/);
    expect(passkeyProblem(handlePasskeyAuthenticationError(dom('AbortError')))?.message).toBe(
      'The passkey request was interrupted. Try again.',
    );
    // Amplify's "Unknown" wraps what it cannot name; the person still gets a sentence.
    const odd = passkeyProblem(handlePasskeyAuthenticationError(dom('DataError')));
    expect(odd?.kind).toBe('error');
    expect(odd?.message).toMatch(/Try again/);
  });

  it('names the identity service’s passkey refusals, and leaves other errors alone', () => {
    const refused = (name: string) => Object.assign(new Error('x'), { name });
    expect(passkeyProblem(refused('WebAuthnOriginNotAllowedException'))).toEqual(
      passkeyProblem(amplifyError('RelyingPartyMismatch')),
    );
    expect(passkeyProblem(refused('WebAuthnChallengeNotFoundException'))?.message).toBe(
      'That took too long. Try again.',
    );
    expect(passkeyProblem(refused('NotAuthorizedException'))).toBeNull();
    expect(passkeyProblem('not an error')).toBeNull();
  });
});
