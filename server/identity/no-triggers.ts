/**
 * The stand-in runs no Lambda triggers. cognito-local's own trigger service needs an aws-sdk v2
 * Lambda client and a KMS keyring (which load the end-of-support SDK and print its warning on
 * every start) just to report "not configured", so this stub says so directly. The one trigger
 * the product relies on in AWS, the post-confirmation rule that puts LinkedIn users in the
 * `linkedin` group, is built into the fake LinkedIn provider (hosted-ui.ts).
 */
import type { Triggers } from './cognito-local-internals';

const notConfigured = (): Promise<never> =>
  Promise.reject(new Error('The identity stand-in runs no Lambda triggers'));

export const noTriggers: Triggers = {
  enabled: () => false,
  customMessage: notConfigured,
  customEmailSender: notConfigured,
  postAuthentication: notConfigured,
  postConfirmation: notConfigured,
  preSignUp: notConfigured,
  preTokenGeneration: notConfigured,
  userMigration: notConfigured,
};
