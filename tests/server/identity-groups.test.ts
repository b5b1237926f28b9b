/**
 * server/auth/identity-groups.ts against the real identity stand-in (the same user-pool admin API
 * Amazon Cognito serves): a group added shows in the user's next token, a removed one is gone,
 * repeats are harmless, unknown users and an unreachable pool are told apart.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIdentityGroups,
  CORPORATE_GROUPS,
  identityGroupsSettings,
  IdentityGroupsUnavailableError,
  IdentityUserNotFoundError,
  type IdentityGroups,
} from '../../server/auth/identity-groups';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/identity/demo-accounts';
import { IdentityConfigSchema } from '../../server/identity/config';
import { startStandinFixture, verifierFor, type StandinFixture } from './identity/standin-fixture';
import { standinUsers } from './identity/standin-users';

const PASSWORD = 'Gr0ups-Passw0rd!';

let fixture: StandinFixture;
let users: ReturnType<typeof standinUsers>;
let groups: IdentityGroups;

beforeAll(async () => {
  fixture = await startStandinFixture();
  const { standin } = fixture;
  users = standinUsers(standin);
  // As server/main.ts builds it for a stand-in it started.
  groups = createIdentityGroups(identityGroupsSettings(IdentityConfigSchema.parse({}), standin));
});

afterAll(async () => {
  groups.close();
  users.close();
  await fixture.stop();
});

const signIn = (email: string, password: string) => users.signIn(email, password);
const newUser = (email: string) => users.signUp(email, PASSWORD);
const nextTokenGroups = async (refresh: string) => (await users.nextToken(refresh)).groups;

describe('identity groups', () => {
  it('adds a group that the next token carries, and removes it again', async () => {
    const user = await newUser('groups-one@example.com');
    expect(await nextTokenGroups(user.refresh)).not.toContain('corporate-recruiter');

    await groups.add(user.sub, 'corporate-recruiter');
    expect(await groups.list(user.sub)).toContain('corporate-recruiter');
    const withGroup = await nextTokenGroups(user.refresh);
    expect(withGroup).toContain('corporate-recruiter');

    // The server's own verifier turns it into the product role.
    const fresh = await signIn('groups-one@example.com', PASSWORD);
    const principal = await verifierFor(fixture.standin)(fresh.access);
    expect(principal.roles).toContain('corporate');
    expect(principal.corporateSubType).toBe('corporate-recruiter');

    await groups.remove(user.sub, 'corporate-recruiter');
    expect(await groups.list(user.sub)).not.toContain('corporate-recruiter');
    expect(await nextTokenGroups(user.refresh)).not.toContain('corporate-recruiter');
  });

  it('is safe to repeat: adding twice or removing a group the user lacks changes nothing', async () => {
    const user = await newUser('groups-repeat@example.com');
    const before = await groups.list(user.sub);
    await groups.add(user.sub, 'corporate-admin');
    await groups.add(user.sub, 'corporate-admin');
    expect(await groups.list(user.sub)).toEqual([...before, 'corporate-admin'].sort());
    await groups.remove(user.sub, 'corporate-admin');
    await groups.remove(user.sub, 'corporate-admin');
    expect(await groups.list(user.sub)).toEqual(before);
  });

  it('setAmong switches a corporate role and leaves the other groups alone', async () => {
    const user = await newUser('groups-switch@example.com');
    await groups.add(user.sub, 'linkedin');
    await groups.setAmong(user.sub, ['corporate-admin'], CORPORATE_GROUPS);
    expect(await nextTokenGroups(user.refresh)).toEqual(
      expect.arrayContaining(['corporate-admin', 'linkedin']),
    );
    await groups.setAmong(user.sub, ['corporate-recruiter'], CORPORATE_GROUPS);
    const switched = await nextTokenGroups(user.refresh);
    expect(switched).toContain('corporate-recruiter');
    expect(switched).not.toContain('corporate-admin');
    expect(switched).toContain('linkedin');
    // Deactivation: no corporate group at all.
    await groups.setAmong(user.sub, [], CORPORATE_GROUPS);
    const none = await nextTokenGroups(user.refresh);
    expect(none.filter((g) => g.startsWith('corporate-'))).toEqual([]);
    expect(none).toContain('linkedin');
  });

  it("reads a seeded demo account's group by its sub", async () => {
    const recruiter = DEMO_ACCOUNTS.find((a) => a.email === 'recruiter@example.com')!;
    expect(await groups.list(recruiter.sub)).toEqual([recruiter.group]);
    // The demo password still signs in (the seed is intact), and the token agrees.
    const tokens = await signIn(recruiter.email, DEMO_PASSWORD);
    expect(decodeJwt(tokens.access)['cognito:groups']).toEqual([recruiter.group]);
  });

  it('names an unknown or malformed sub as not found, never as a pool failure', async () => {
    await expect(groups.list('99999999-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
      IdentityUserNotFoundError,
    );
    await expect(
      groups.add('99999999-0000-4000-8000-000000000000', 'admin'),
    ).rejects.toBeInstanceOf(IdentityUserNotFoundError);
    // A quote would escape the ListUsers filter: refused before any call.
    await expect(groups.list('x" or sub = "y')).rejects.toBeInstanceOf(IdentityUserNotFoundError);
  });

  it('reports an unreachable pool as unavailable (a retry can follow), naming no user', async () => {
    const down = createIdentityGroups({
      region: 'ap-south-1',
      userPoolId: fixture.standin.userPoolId,
      endpoint: 'http://127.0.0.1:9', // discard port: nothing listens
    });
    try {
      const sub = '00000000-0000-4000-8000-000000000001';
      const failure = await down.list(sub).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(IdentityGroupsUnavailableError);
      expect(String((failure as Error).message)).not.toContain(sub);
    } finally {
      down.close();
    }
  });
});
