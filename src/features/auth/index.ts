export { LoginForm } from './login-form';
export { SignUpForm } from './sign-up-form';
export { DEACTIVATED_MESSAGE } from './after-sign-in';
