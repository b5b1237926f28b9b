/**
 * The outbox table's operations (design/outbox.md): enqueue, claim, record a step's result,
 * retry and discard. Every write is a Dexie transaction, so a page and the service worker that
 * race for the same action cannot both take it.
 */
import type { AppDb } from '../db/schema';
import type { LocalApplication, OutboxEntry } from '../db/types';
import { nextAttemptDelayMs } from './backoff';
import type { OutboxKindSpec } from './kind';
import { kindSpec, type OutboxKind, type PayloadByKind } from './kinds';
import { LEASE_MS, type StepResult } from './model';

/** A new action. A built-in kind's payload is typed; a kind registered at run time takes any. */
export interface EnqueueInput<K extends string = OutboxKind> {
  readonly kind: K;
  readonly userId: string;
  /** What the action is about: the job id for apply and save, the file name for a CV. */
  readonly subject: string;
  readonly payload: K extends OutboxKind ? PayloadByKind[K] : unknown;
}

/** States in which an action is still the outbox's business. */
const OPEN_STATES = ['pending', 'sending', 'failed'] as const;

function specOf(kind: string): OutboxKindSpec<never> {
  const spec = kindSpec(kind);
  if (!spec) throw new Error(`Unknown outbox kind: ${kind}`);
  return spec;
}

function newKey(): string {
  return globalThis.crypto.randomUUID();
}

async function openActionsFor(db: AppDb, userId: string, kind: string) {
  return db.outbox
    .where('[userId+kind]')
    .equals([userId, kind])
    .filter((a) => (OPEN_STATES as readonly string[]).includes(a.state))
    .sortBy('seq');
}

export type EnqueueResult =
  | { readonly status: 'queued'; readonly action: OutboxEntry }
  /** The same action was already queued: nothing new was added. */
  | { readonly status: 'existing'; readonly action: OutboxEntry }
  /** An unsent opposite action (save then unsave) was cancelled together with this one. */
  | { readonly status: 'cancelled' };

/**
 * Writes the action before anything is sent (design/outbox.md), coalescing as its kind declares
 * (kind.ts): one open apply per job; a save and an unsave of the same job that were never sent
 * cancel out; a new CV replaces an older one that has not started uploading, and a save with a
 * newer note an unsent save of the same job.
 */
export async function enqueue<K extends string>(
  db: AppDb,
  input: EnqueueInput<K>,
  now = Date.now(),
): Promise<EnqueueResult> {
  const spec = specOf(input.kind);
  return db.transaction('rw', db.outbox, async () => {
    // The user's latest wish first: an unsent opposite is cancelled before looking for a
    // duplicate (save sent → unsave → save again must not leave the unsave last in line).
    const opposite = spec.cancels;
    if (opposite) {
      const unsent = (await openActionsFor(db, input.userId, opposite)).find(
        (a) => a.subject === input.subject && a.state === 'pending' && a.attempts === 0,
      );
      if (unsent) {
        await db.outbox.delete(unsent.seq);
        return { status: 'cancelled' };
      }
    }
    const same = await openActionsFor(db, input.userId, input.kind);
    const { coalesce } = spec;
    if (coalesce.mode === 'subject') {
      const duplicate = same.find(
        (a) => a.subject === input.subject && (coalesce.retryFailed || a.state !== 'failed'),
      );
      if (duplicate?.state === 'failed') {
        // Asking again is a retry of the failed action, not a second application.
        const changes = retryChanges(duplicate.kind, duplicate.step, now);
        await db.outbox.update(duplicate.seq, changes);
        return { status: 'existing', action: { ...duplicate, ...changes } };
      }
      if (duplicate) return { status: 'existing', action: duplicate };
    }
    if (coalesce.mode === 'replace-unstarted' || coalesce.mode === 'latest-wins') {
      const superseded = same.filter((a) =>
        coalesce.mode === 'latest-wins'
          ? a.subject === input.subject && a.state !== 'sending'
          : a.state !== 'sending' && a.step === spec.firstStep && a.attempts === 0,
      );
      await db.outbox.bulkDelete(superseded.map((a) => a.seq!));
    }
    const entry: OutboxEntry = {
      kind: input.kind,
      userId: input.userId,
      idempotencyKey: newKey(),
      subject: input.subject,
      payload: input.payload,
      step: spec.firstStep,
      state: 'pending',
      outcome: null,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      leaseUntil: 0,
      createdAt: now,
      updatedAt: now,
    };
    const seq = await db.outbox.add(entry);
    return { status: 'queued', action: { ...entry, seq } };
  });
}

/**
 * Takes the next action to send for this user, or null: per kind the oldest open action is the
 * only candidate (FIFO per user and kind); a failed action is out of the line until retried, and
 * a backing-off one holds back only its own kind. An action left `sending` by a drainer that died
 * is free again once its lease ran out, or at once when the caller holds the outbox lock (then
 * no one else can be sending it).
 */
export async function claimNext(
  db: AppDb,
  userId: string,
  now: number,
  holdsLock: boolean,
): Promise<OutboxEntry | null> {
  return db.transaction('rw', db.outbox, async () => {
    const open = await db.outbox
      .where('state')
      .anyOf('pending', 'sending')
      .filter((a) => a.userId === userId)
      .sortBy('seq');
    const due = headsOf(open)
      .filter((a) =>
        a.state === 'pending' ? a.nextAttemptAt <= now : holdsLock || a.leaseUntil <= now,
      )
      .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))[0];
    if (!due) return null;
    const claimed = { state: 'sending' as const, leaseUntil: now + LEASE_MS, updatedAt: now };
    await db.outbox.update(due.seq, claimed);
    return { ...due, ...claimed };
  });
}

/**
 * The line an action waits in: the one its kind declares, else its kind (save and unsave share
 * one, so an unsave never overtakes an earlier save of the same job that is backing off).
 */
function lineOf(kind: string): string {
  return kindSpec(kind)?.line ?? kind;
}

/** The first open action of each line (`open` sorted by seq): the only ones that may go next. */
function headsOf(open: readonly OutboxEntry[]): OutboxEntry[] {
  const heads = new Map<string, OutboxEntry>();
  for (const action of open) {
    if (!heads.has(lineOf(action.kind))) heads.set(lineOf(action.kind), action);
  }
  return [...heads.values()];
}

/**
 * Back in line from the first step, under a fresh idempotency key: a failed action ended in a
 * 4xx that the server stored under the old key for 24 h (server/http/idempotency.ts), which a
 * retry under that key would only replay. A 4xx had no effect, so a new key duplicates nothing.
 */
function retryChanges(kind: string, step: string, now: number) {
  return {
    idempotencyKey: newKey(),
    // A kind this build does not know keeps its step (it fails again, visibly, when sent).
    step: kindSpec(kind)?.firstStep ?? step,
    stepData: {},
    state: 'pending' as const,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    outcome: null,
    leaseUntil: 0,
    updatedAt: now,
  };
}

function applicationRecord(
  action: OutboxEntry,
  kind: LocalApplication['kind'],
  now: number,
): LocalApplication {
  const payload = action.payload as {
    companyName?: string;
    jobTitle?: string;
    matchingScore?: number | null;
  };
  return {
    userId: action.userId,
    jobId: action.subject,
    kind,
    state: 'submitted',
    appliedAt: now,
    companyName: payload.companyName ?? null,
    jobTitle: payload.jobTitle ?? null,
    matchingScore: payload.matchingScore ?? null,
  };
}

/**
 * Persists what a step ended in and returns the action as it now stands (`state: 'done'` for a
 * delivered action, which is removed from the table). Returns null when the action was discarded
 * while it was being sent.
 */
export async function recordResult(
  db: AppDb,
  action: OutboxEntry,
  result: StepResult,
  now: number,
  random: number,
): Promise<OutboxEntry | null> {
  return db.transaction('rw', [db.outbox, db.applications], async () => {
    const current = await db.outbox.get(action.seq);
    if (!current) return null;
    let changes: Partial<OutboxEntry>;
    switch (result.type) {
      case 'advance':
        changes = {
          state: 'pending',
          step: result.step,
          stepData: result.stepData ?? {},
          nextAttemptAt: 0,
          lastError: null,
          leaseUntil: 0,
        };
        break;
      case 'done': {
        await db.outbox.delete(action.seq);
        const application = kindSpec(action.kind)?.application;
        if (application) {
          await db.applications.put(applicationRecord(action, application, now));
        }
        return { ...current, state: 'done', outcome: result.outcome, updatedAt: now };
      }
      case 'retry': {
        const attempts = current.attempts + 1;
        changes = {
          state: 'pending',
          attempts,
          nextAttemptAt: now + nextAttemptDelayMs(attempts, random, result.waitMs),
          lastError: result.error,
          leaseUntil: 0,
        };
        break;
      }
      case 'auth':
        changes = { state: 'pending', nextAttemptAt: 0, lastError: result.error, leaseUntil: 0 };
        break;
      case 'fail':
        changes = {
          state: 'failed',
          attempts: current.attempts + 1,
          lastError: result.error,
          outcome: result.outcome ?? null,
          leaseUntil: 0,
        };
        break;
    }
    const next = { ...changes, updatedAt: now };
    await db.outbox.update(action.seq, next);
    return { ...current, ...next };
  });
}

/** The user's Retry: back in line now, with a fresh attempt count. */
export async function retryAction(db: AppDb, seq: number, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const action = await db.outbox.get(seq);
    if (action) await db.outbox.update(seq, retryChanges(action.kind, action.step, now));
  });
}

/** The user's Discard: the action is dropped (a request already on its way may still land). */
export async function discardAction(db: AppDb, seq: number): Promise<OutboxEntry | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const action = await db.outbox.get(seq);
    if (action) await db.outbox.delete(seq);
    return action;
  });
}

/** Back online: actions waiting out a network backoff become due now. */
export async function wakeWaiting(db: AppDb, now = Date.now()): Promise<void> {
  await db.outbox
    .where('state')
    .equals('pending')
    .modify((a: { nextAttemptAt: number; updatedAt: number }) => {
      if (a.nextAttemptAt > now) {
        a.nextAttemptAt = now;
        a.updatedAt = now;
      }
    });
}

/** What is still to send for this user: the count and when the earliest backoff ends. */
export async function pendingSummary(db: AppDb, userId: string) {
  const open = await db.outbox
    .where('state')
    .anyOf('pending', 'sending')
    .filter((a) => a.userId === userId)
    .sortBy('seq');
  // Only a line's head can go next: an action queued behind a backing-off one waits for it.
  const waits = headsOf(open)
    .filter((a) => a.state === 'pending')
    .map((a) => a.nextAttemptAt);
  return { pending: open.length, nextWakeAt: waits.length ? Math.min(...waits) : null };
}
