/**
 * Where each profile value came from (issue 22 item 5), on a real database: a new CV replaces
 * what the previous CV said and clears what it said but the new one does not, while a value the
 * candidate typed in the profile form survives a CV that does not state it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { users } from '../../server/db/schema';
import type { CvProfile } from '../../server/cv/parse-cv';
import { storeParsedProfile } from '../../server/cv/store-result';
import { demoAccount } from '../../server/identity/demo-accounts';
import { makeCvServer, type CvTestServer } from './support/cv-server';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

const fresh = demoAccount('newcandidate@example.com');

let database: DatabaseHandle;
let auth: TestAuth;
let server: CvTestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  auth = await createTestAuth();
  server = await makeCvServer(database, auth);
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const parsed = (fields: Partial<CvProfile>): CvProfile => ({
  designation: null,
  yoe: null,
  ctc: null,
  location: null,
  coreSkills: [],
  technicalSkills: [],
  softSkills: [],
  languages: [],
  pageCount: 1,
  ...fields,
});

async function userRow() {
  const [row] = await database.db.select().from(users).where(eq(users.email, fresh.email));
  return row!;
}

async function storeFor(key: string, profile: CvProfile) {
  const row = await userRow();
  await database.db.update(users).set({ cvObjectKey: key }).where(eq(users.id, row.id));
  await storeParsedProfile(database.db, { userId: row.id, objectKey: key }, profile);
  return userRow();
}

describe('profile provenance', () => {
  it('a new CV replaces the old CV’s values and clears what it no longer states', async () => {
    const first = await storeFor(
      'cv/a.pdf',
      parsed({
        designation: 'Data Engineer',
        yoe: 5,
        ctc: 18,
        location: 'Pune',
        coreSkills: ['Python'],
        technicalSkills: ['Airflow'],
      }),
    );
    expect(first).toMatchObject({ designation: 'Data Engineer', ctc: 18, location: 'Pune' });
    expect(first.cvSourcedFields).toEqual(
      expect.arrayContaining(['designation', 'yoe', 'ctc', 'location', 'coreSkills']),
    );

    // The second CV states a title, years and skills, but no CTC, city or tools.
    const second = await storeFor(
      'cv/b.pdf',
      parsed({ designation: 'Senior Data Engineer', yoe: 6, coreSkills: ['Scala'] }),
    );
    expect(second).toMatchObject({
      designation: 'Senior Data Engineer',
      yoe: 6,
      ctc: null,
      location: null,
      coreSkills: ['Scala'],
      technicalSkills: [],
    });
    expect(second.cvSourcedFields).toEqual(['designation', 'yoe', 'coreSkills']);
  });

  it('keeps a value typed in the profile form when the next CV does not state it', async () => {
    await storeFor('cv/c.pdf', parsed({ designation: 'Analyst', ctc: 9, location: 'Indore' }));
    // The candidate corrects the CTC and sends the location back unchanged.
    const edit = await server.app.inject({
      method: 'PATCH',
      url: `/api/user/${fresh.email}/profile`,
      headers: {
        authorization: `Bearer ${await auth.accessToken({ sub: fresh.sub, groups: [fresh.group] })}`,
      },
      payload: { CTC: 11, location: 'Indore' },
    });
    expect(edit.statusCode).toBe(200);
    const typed = await userRow();
    expect(typed.cvSourcedFields).not.toContain('ctc');
    expect(typed.cvSourcedFields).toContain('location'); // unchanged: still the CV's

    const next = await storeFor('cv/d.pdf', parsed({ designation: 'Senior Analyst' }));
    expect(next).toMatchObject({ designation: 'Senior Analyst', ctc: 11, location: null });
  });

  it('drops a late result for a CV that is no longer the current one', async () => {
    const row = await userRow();
    await database.db.update(users).set({ cvObjectKey: 'cv/e.pdf' }).where(eq(users.id, row.id));
    await storeParsedProfile(
      database.db,
      { userId: row.id, objectKey: 'cv/old.pdf' },
      parsed({ designation: 'Someone Else' }),
    );
    expect((await userRow()).designation).not.toBe('Someone Else');
  });
});
