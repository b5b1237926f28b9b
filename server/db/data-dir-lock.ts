/**
 * One server per embedded database folder (issue 23 item 9). PGlite has no lock of its own: two
 * servers started on one `.data/pglite` both wrote to it, and the folder was damaged.
 *
 * The lock is a file beside the folder (`.data/pglite.lock`) holding the owner's pid, host and
 * start time. It is created atomically (written to a private file, then hard-linked to its name,
 * which fails when the name exists), so a reader never sees a half-written lock. A lock whose
 * process is gone (crash, kill -9, a container restarted with the same volume) is stale and is
 * taken over; a live one refuses the second server with its pid.
 */
import { hostname } from 'node:os';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LockOwner {
  pid: number;
  host: string;
  /** When the owning process started (ISO time): with the pid, tells a reused pid apart. */
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly owner: LockOwner | undefined,
  ) {
    const who = owner
      ? `another server (pid ${owner.pid}${owner.host === hostname() ? '' : ` on ${owner.host}`}, started ${owner.startedAt})`
      : 'another server that is starting';
    super(
      `The embedded database in ${path.dirname(lockPath)} is in use by ${who}. ` +
        'Two servers on one database folder would damage it. Stop the other server, or give this ' +
        'one its own folder with DATA_DIR=<folder>. ' +
        `If no other server is running, delete ${lockPath} and start again.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  lockPath: string;
  /** Removes the lock if it is still ours; safe to call twice. */
  release: () => void;
}

const processStartedAt = () => new Date(Date.now() - process.uptime() * 1000).toISOString();

/** The locks this process holds: a lock naming our own pid that is not here is a previous
 * life's (a container's pid 1 is the same pid on every restart). */
const held = new Set<string>();

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid === 'number' && typeof owner.startedAt === 'string') {
      return { pid: owner.pid, startedAt: owner.startedAt, host: String(owner.host ?? '') };
    }
  } catch {
    // unreadable: judged below as a lock without an owner
  }
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Linux: when the process with this pid started, from /proc (undefined elsewhere). */
function linuxStartTime(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (start time in clock ticks since boot) counts from after the command's ")".
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const bootLine = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    if (!bootLine || !Number.isFinite(ticks)) return undefined;
    // USER_HZ is 100 on every Linux Node runs on.
    return Number(bootLine[1]) * 1000 + ticks * 10;
  } catch {
    return undefined;
  }
}

/** Whether the recorded owner is still the process holding the database. */
export function ownerIsRunning(owner: LockOwner, lockPath: string): boolean {
  // Another machine sharing the folder: its processes cannot be checked from here.
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return held.has(lockPath);
  if (!isAlive(owner.pid)) return false;
  const started = linuxStartTime(owner.pid);
  const recorded = Date.parse(owner.startedAt);
  // The pid was reused by a process that started at another time than the lock's owner.
  if (started !== undefined && Number.isFinite(recorded) && Math.abs(started - recorded) > 5_000) {
    return false;
  }
  return true;
}

/**
 * Takes the lock for `dataDir`, or throws DataDirLockedError naming the process that holds it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const lockPath = `${path.resolve(dataDir)}.lock`;
  mkdirSync(path.dirname(lockPath), { recursive: true });
  const mine: LockOwner = { pid: process.pid, host: hostname(), startedAt: processStartedAt() };
  const content = `${JSON.stringify(mine)}\n`;
  const draft = `${lockPath}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(draft, content);
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(draft, lockPath);
        held.add(lockPath);
        // An exit without close (process.exit after a failed listen) releases it too.
        const onExit = () => release(lockPath, content);
        process.once('exit', onExit);
        return {
          lockPath,
          release: () => {
            process.off('exit', onExit);
            release(lockPath, content);
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      // A lock without a readable owner was not made by lockDataDir (its file appears whole):
      // written by hand or damaged, and stale either way.
      const owner = readOwner(lockPath);
      if (owner && ownerIsRunning(owner, lockPath)) throw new DataDirLockedError(lockPath, owner);
      takeOverStale(lockPath, owner);
    }
    throw new DataDirLockedError(lockPath, readOwner(lockPath));
  } finally {
    unlinkSync(draft);
  }
}

/**
 * Moves the stale lock out of the way. Two servers may find the same stale lock at once: each
 * renames the lock to its own name and checks it moved the stale one; one that moved the other's
 * fresh lock puts it back.
 */
function takeOverStale(lockPath: string, stale: LockOwner | undefined) {
  const aside = `${lockPath}.stale.${process.pid}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return; // already moved by the other server: try again
  }
  const moved = readOwner(aside);
  const sameOwner =
    moved?.pid === stale?.pid &&
    moved?.startedAt === stale?.startedAt &&
    moved?.host === stale?.host;
  if (!sameOwner) {
    try {
      linkSync(aside, lockPath);
    } catch {
      // a third server took the name: it then holds the lock
    }
  }
  unlinkSync(aside);
}

function release(lockPath: string, content: string) {
  if (!held.delete(lockPath)) return;
  try {
    if (readFileSync(lockPath, 'utf8') === content) unlinkSync(lockPath);
  } catch {
    // already gone
  }
}
