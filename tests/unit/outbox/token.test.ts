import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDb } from '@/lib/db';
import { dropRefusedToken, isUsable, mirrorToken, readMirroredToken } from '@/lib/outbox/token';
import { T0, freshDb, token } from './helpers';

let db: AppDb;
beforeEach(() => {
  db = freshDb();
});
afterEach(() => {
  db.close();
});

describe('mirrored token', () => {
  it('reads back what was mirrored, under the session key accessToken', async () => {
    await mirrorToken(db, token());
    expect(await readMirroredToken(db)).toEqual(token());
    expect((await db.session.get('accessToken'))?.value).toEqual(token());
  });

  it('is null when nothing is mirrored', async () => {
    expect(await readMirroredToken(db)).toBeNull();
  });

  it.each([
    ['a string', 'token-A'],
    ['null', null],
    ['an empty accessToken', { accessToken: '', expiresAt: T0, userId: 'u' }],
    ['a missing accessToken', { expiresAt: T0, userId: 'u' }],
    ['a non-numeric expiresAt', { accessToken: 't', expiresAt: '2026-01-01', userId: 'u' }],
    ['an empty userId', { accessToken: 't', expiresAt: T0, userId: '' }],
    ['a missing userId', { accessToken: 't', expiresAt: T0 }],
  ])('ignores a malformed row (%s)', async (_label, value) => {
    await db.session.put({ key: 'accessToken', value, updatedAt: T0 });
    expect(await readMirroredToken(db)).toBeNull();
  });

  it('mirrorToken(null) deletes the mirror (sign-out)', async () => {
    await mirrorToken(db, token());
    await mirrorToken(db, null);
    expect(await readMirroredToken(db)).toBeNull();
    expect(await db.session.get('accessToken')).toBeUndefined();
  });

  it('mirrorToken replaces an older token', async () => {
    await mirrorToken(db, token());
    await mirrorToken(db, token({ accessToken: 'token-B', expiresAt: T0 + 7_200_000 }));
    expect(await readMirroredToken(db)).toMatchObject({ accessToken: 'token-B' });
  });

  it('dropRefusedToken forgets the refused token', async () => {
    await mirrorToken(db, token());
    await dropRefusedToken(db, 'token-A');
    expect(await readMirroredToken(db)).toBeNull();
  });

  it('dropRefusedToken keeps a newer token', async () => {
    await mirrorToken(db, token({ accessToken: 'token-B' }));
    await dropRefusedToken(db, 'token-A');
    expect(await readMirroredToken(db)).toMatchObject({ accessToken: 'token-B' });
  });

  it('dropRefusedToken with nothing mirrored is harmless', async () => {
    await dropRefusedToken(db, 'token-A');
    expect(await readMirroredToken(db)).toBeNull();
  });

  it('a token is usable only more than 30 s before it expires', () => {
    const t = token({ expiresAt: T0 + 60_000 });
    expect(isUsable(t, T0)).toBe(true);
    expect(isUsable(t, T0 + 29_999)).toBe(true);
    expect(isUsable(t, T0 + 30_000)).toBe(false);
    expect(isUsable(t, T0 + 90_000)).toBe(false);
  });
});
