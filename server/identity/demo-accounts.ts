/**
 * The seeded demo accounts, as data: the identity seed, the product database seed, the start-up
 * banner, the README and the tests all read this list, so they cannot drift apart. One account
 * per role, plus a candidate without a CV and a deactivated corporate user (design/identity.md).
 *
 * `sub` is fixed so the product seed can refer to an identity before the stand-in ever runs
 * (spec §7: `GET /corporate-user/{cognitoUserId}/cognito`). In a Cognito pool whose usernames
 * are emails, the internal username is the sub, so the two are the same here too.
 */
import type { IdentityGroup } from './local-ids';

/** Every demo account has this password; it is printed at start-up and in the README. */
export const DEMO_PASSWORD = 'Passw0rd!';

export interface DemoAccount {
  readonly email: string;
  readonly name: string;
  readonly group: IdentityGroup;
  readonly sub: string;
  /** One line for the README and the start-up banner: who this is and what to try with it. */
  readonly description: string;
  /**
   * The product database marks this user deleted; the identity pool does not know, so sign-in
   * succeeds and the app must refuse the session (spec §4: error toast, sign out, stop loading).
   */
  readonly deactivated: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'candidate@example.com',
    name: 'Priya Sharma',
    group: 'general-user',
    sub: '00000000-0000-4000-8000-000000000001',
    description: 'Candidate with a complete profile and a CV: search, apply, ask for referrals.',
    deactivated: false,
  },
  {
    email: 'newcandidate@example.com',
    name: 'Rahul Verma',
    group: 'general-user',
    sub: '00000000-0000-4000-8000-000000000002',
    description: 'Candidate without a CV: sees the Profile Incomplete prompts.',
    deactivated: false,
  },
  {
    email: 'referee@example.com',
    name: 'Anita Desai',
    group: 'general-user',
    sub: '00000000-0000-4000-8000-000000000003',
    description: 'Employee of a listed company who accepts or declines referral requests.',
    deactivated: false,
  },
  {
    email: 'corp-admin@example.com',
    name: 'Vikram Mehta',
    group: 'corporate-admin',
    sub: '00000000-0000-4000-8000-000000000004',
    description: 'Corporate admin: posts and deletes jobs, manages the company users.',
    deactivated: false,
  },
  {
    email: 'recruiter@example.com',
    name: 'Neha Kapoor',
    group: 'corporate-recruiter',
    sub: '00000000-0000-4000-8000-000000000005',
    description: 'Corporate recruiter: views and posts jobs.',
    deactivated: false,
  },
  {
    email: 'admin@example.com',
    name: 'Sanjay Iyer',
    group: 'admin',
    sub: '00000000-0000-4000-8000-000000000006',
    description: 'Platform admin: every permission, including managing users.',
    deactivated: false,
  },
  {
    email: 'evaluator@example.com',
    name: 'Meera Nair',
    group: 'evaluator',
    sub: '00000000-0000-4000-8000-000000000007',
    description: 'Evaluator: views jobs and evaluates candidates.',
    deactivated: false,
  },
  {
    email: 'deactivated@example.com',
    name: 'Karan Malhotra',
    group: 'corporate-admin',
    sub: '00000000-0000-4000-8000-000000000008',
    description: 'Corporate user whose record is deleted: signing in shows an error and signs out.',
    deactivated: true,
  },
  {
    email: 'nocredits@example.com',
    name: 'Arjun Rao',
    group: 'general-user',
    sub: '00000000-0000-4000-8000-000000000009',
    description: 'Candidate with a CV and no referral credits left: a request says Subscribe Now.',
    deactivated: false,
  },
  {
    email: 'referee2@example.com',
    name: 'Kavya Reddy',
    group: 'general-user',
    sub: '00000000-0000-4000-8000-00000000000a',
    description:
      'Second referee at the demo referee’s company: gets the requests the first declines.',
    deactivated: false,
  },
];

/** The demo account with this email; throws for a typo so a test or seed fails at once. */
export function demoAccount(email: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === email);
  if (!account) throw new Error(`No demo account ${email}`);
  return account;
}
