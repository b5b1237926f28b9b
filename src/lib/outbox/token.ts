/**
 * The access token as the drainer sees it (design/outbox.md "Tokens"): the page mirrors
 * `{ accessToken, expiresAt, userId }` into IndexedDB on every session change, because a service
 * worker cannot read the page's storage. The drainer uses it only while unexpired and only for
 * that user's actions. Odd data in the table is treated as no token.
 */
import type { AppDb } from '../db/schema';

const KEY = 'accessToken';
/** A token this close to expiry is not used: the request could outlive it. */
const EXPIRY_MARGIN_MS = 30_000;

export interface MirroredToken {
  readonly accessToken: string;
  /** ms since epoch */
  readonly expiresAt: number;
  /** The identity `sub` of the signed-in user. */
  readonly userId: string;
}

function isToken(value: unknown): value is MirroredToken {
  const v = value as Partial<MirroredToken> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.accessToken === 'string' &&
    v.accessToken.length > 0 &&
    typeof v.expiresAt === 'number' &&
    typeof v.userId === 'string' &&
    v.userId.length > 0
  );
}

export async function readMirroredToken(db: AppDb): Promise<MirroredToken | null> {
  const row = await db.session.get(KEY);
  return isToken(row?.value) ? row.value : null;
}

export function isUsable(token: MirroredToken, now: number): boolean {
  return token.expiresAt - EXPIRY_MARGIN_MS > now;
}

export async function mirrorToken(db: AppDb, token: MirroredToken | null): Promise<void> {
  if (!token) {
    await db.session.delete(KEY);
    return;
  }
  const current = await readMirroredToken(db);
  if (current?.accessToken === token.accessToken && current.expiresAt === token.expiresAt) return;
  await db.session.put({ key: KEY, value: token, updatedAt: Date.now() });
}

/** Forgets the token if it is still the one the server refused (a newer one is kept). */
export async function dropRefusedToken(db: AppDb, refused: string): Promise<void> {
  await db.transaction('rw', db.session, async () => {
    const current = await readMirroredToken(db);
    if (current?.accessToken === refused) await db.session.delete(KEY);
  });
}
