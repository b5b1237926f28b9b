export { LoginForm } from './login-form';
export { SignUpForm } from './sign-up-form';
export { CheckRedirection } from './check-redirection';
export { DEACTIVATED_MESSAGE } from './after-sign-in';
export { ChangePasswordForm } from './change-password-form';
export { redirectSignedInToDashboard } from './signed-in-redirect';
export { PasskeysPage } from './passkeys-page';
export { passkeyProblem, type PasskeyProblem } from './passkey-errors';
