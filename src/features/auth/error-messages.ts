import { DeactivatedAccountError } from './after-sign-in';

/** Identity errors → a sentence for the user. Cognito's own messages are already readable. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof DeactivatedAccountError) return error.message;
  if (error instanceof Error) {
    if (error.name === 'UserAlreadyAuthenticatedException')
      return 'There is already a signed in user.'; // spec §8
    if (error.name === 'NotAuthorizedException') {
      if (/session/i.test(error.message)) return 'This sign-in took too long. Start again.';
      return 'Incorrect email or password.';
    }
    if (error.name === 'EnableSoftwareTokenMFAException')
      return 'That code is not right. Check your authenticator app and try again.';
    if (error.name === 'UserNotFoundException') return 'Incorrect email or password.';
    if (error.name === 'UsernameExistsException')
      return 'An account with this email already exists. Sign in instead.';
    if (error.name === 'CodeMismatchException')
      return 'That code is not right. Check the latest code and try again.';
    if (error.name === 'InvalidPasswordException') return error.message;
    if (error.message) return error.message;
  }
  return 'Something went wrong';
}
