/**
 * Access tokens for demo accounts (server/identity/demo-accounts.ts), each with its own identity
 * group, signed by the test's key pair: the callers of the per-role permission tests.
 */
import { demoAccount } from '../../../server/identity/demo-accounts';
import type { TestAuth } from './test-auth';

export async function demoTokens(
  auth: TestAuth,
  emails: readonly string[],
): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const email of emails) {
    const { sub, group } = demoAccount(email);
    tokens[email] = await auth.accessToken({ sub, groups: [group] });
  }
  return tokens;
}

/** The same, keyed by the test's own names for its callers: `{ admin: 'admin@example.com' }`. */
export async function namedDemoTokens<Name extends string>(
  auth: TestAuth,
  emails: Readonly<Record<Name, string>>,
): Promise<Record<Name, string>> {
  const byEmail = await demoTokens(auth, Object.values<string>(emails));
  const tokens = {} as Record<Name, string>;
  for (const name of Object.keys(emails) as Name[]) tokens[name] = byEmail[emails[name]]!;
  return tokens;
}
