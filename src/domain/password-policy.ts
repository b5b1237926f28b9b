/**
 * The user pool's password policy (issue 26 item 9), once for the sign-up form and the identity
 * stand-in. These are Cognito's defaults, which the pool keeps (server/identity/seed.ts starts
 * from cognito-local's USER_POOL_AWS_DEFAULTS): at least 8 characters with an upper and a lower
 * case letter, a digit and a symbol. The app checks before sending so the user hears at once;
 * the stand-in checks again, as the real pool does, so a client that skips the form is refused.
 */

export interface PasswordPolicy {
  readonly MinimumLength?: number;
  readonly RequireUppercase?: boolean;
  readonly RequireLowercase?: boolean;
  readonly RequireNumbers?: boolean;
  readonly RequireSymbols?: boolean;
}

export const POOL_PASSWORD_POLICY: Required<PasswordPolicy> = {
  MinimumLength: 8,
  RequireUppercase: true,
  RequireLowercase: true,
  RequireNumbers: true,
  RequireSymbols: true,
};

// Cognito's symbol set: ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - and space.
const SYMBOL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

export type PasswordRule = 'length' | 'uppercase' | 'lowercase' | 'number' | 'symbol';

/** The rules of `policy` the password breaks, in the order Cognito checks them. */
export function brokenPasswordRules(
  password: string,
  policy: PasswordPolicy = POOL_PASSWORD_POLICY,
): PasswordRule[] {
  const broken: PasswordRule[] = [];
  if (password.length < (policy.MinimumLength ?? 8)) broken.push('length');
  if (policy.RequireUppercase && !/[A-Z]/.test(password)) broken.push('uppercase');
  if (policy.RequireLowercase && !/[a-z]/.test(password)) broken.push('lowercase');
  if (policy.RequireNumbers && !/[0-9]/.test(password)) broken.push('number');
  if (policy.RequireSymbols && !SYMBOL.test(password)) broken.push('symbol');
  return broken;
}

/** Cognito's own wording (after "Password does not conform to policy: "). */
export const COGNITO_RULE_TEXT: Record<PasswordRule, string> = {
  length: 'Password not long enough',
  uppercase: 'Password must have uppercase characters',
  lowercase: 'Password must have lowercase characters',
  number: 'Password must have numeric characters',
  symbol: 'Password must have symbol characters',
};

/** The form's hint, and the words for each missing part. */
export const PASSWORD_HINT =
  'At least 8 characters with upper and lower case letters, a number and a symbol.';

const MISSING_TEXT: Record<PasswordRule, string> = {
  length: 'at least 8 characters',
  uppercase: 'an upper case letter',
  lowercase: 'a lower case letter',
  number: 'a number',
  symbol: 'a symbol (such as ! or #)',
};

/** A sentence naming everything the password still needs, or null when it passes. */
export function passwordPolicyMessage(password: string): string | null {
  const broken = brokenPasswordRules(password);
  if (broken.length === 0) return null;
  const parts = broken.map((rule) => MISSING_TEXT[rule]);
  const list =
    parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
  return `Your password needs ${list}.`;
}
