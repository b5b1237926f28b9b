/**
 * What an offline action kind declares (design/outbox.md, issue 15): one module per kind in
 * `./kinds/`, listed once in `./kinds/index.ts`. The store, the drainer, the runner's toasts and
 * the pending-actions panel read these declarations and never test a kind's name, so a new kind
 * is one new file plus one registry line.
 */
import type { OutboxEntry } from '../db/types';
import type { StepContext, StepResult } from './model';

/** How a new action meets the open actions of its own kind (same user). */
export type Coalescing =
  /** Every enqueue is an action of its own (each profile edit is a change to send). */
  | { readonly mode: 'none' }
  /**
   * One open action per subject: asking again returns the open one. `retryFailed`: a failed one
   * is put back in line (asking again to apply is a retry, not a second application); otherwise
   * a failed one stays as it is and a new action is queued.
   */
  | { readonly mode: 'subject'; readonly retryFailed: boolean }
  /** A newer action replaces queued ones that have not started (a newer CV, spec §8). */
  | { readonly mode: 'replace-unstarted' }
  /**
   * The newest wins, per subject: a newer action replaces every queued one of its own subject
   * that is not being sent right now, tried or not. For idempotent writes of the whole state (a
   * saved job with its note), where an older one still waiting would only send an older state.
   */
  | { readonly mode: 'latest-wins' };

export interface KindToast {
  readonly level: 'success' | 'info' | 'warning' | 'error';
  readonly text: string;
}

export interface OutboxKindSpec<Payload = unknown> {
  /**
   * The panel's name for it: "<label>: <what>"; from the payload where one kind carries several
   * of the user's buttons (a job form's Publish and Save draft).
   */
  readonly label: string | ((payload: Payload) => string);
  /** The panel's "<what>"; the action's subject when absent. */
  readonly describe?: (payload: Payload, subject: string) => string;
  /** The step a new (or retried) action starts at. */
  readonly firstStep: string;
  /**
   * Runs the action's current step and says what comes next (advance, done, retry, auth, fail).
   * Rejects only on a network error or timeout (the drainer retries those).
   */
  readonly execute: (action: OutboxEntry, context: StepContext) => Promise<StepResult>;
  readonly coalesce: Coalescing;
  /**
   * An unsent action of this kind for the same subject cancels out with a new one (save then
   * unsave before either was sent: nothing to send).
   */
  readonly cancels?: string;
  /**
   * The FIFO line the action waits in (design/outbox.md "Order"); the kind's own by default.
   * Kinds sharing a line never overtake each other (an unsave never passes its save).
   */
  readonly line?: string;
  /** Delivered actions of this kind are applications the device remembers (spec §4 states). */
  readonly application?: 'internal' | 'external';
  /**
   * App-wide notices for how it ended, shown by the page's outbox runner (spec §8 texts).
   * `unlessWatched`: a screen showing the subject (the job page) tells the user itself.
   */
  readonly toast?: {
    readonly unlessWatched?: boolean;
    readonly done?: (outcome: string | null | undefined) => KindToast | null;
    readonly failed?: (error: string | null | undefined) => KindToast | null;
  };
}

/** Declares a kind with its payload type (the registry keeps the type for `enqueue`). */
export function defineKind<Payload>(spec: OutboxKindSpec<Payload>): OutboxKindSpec<Payload> {
  return spec;
}

/** The payload an action of a kind is queued with. */
export type PayloadOf<Spec> = Spec extends OutboxKindSpec<infer Payload> ? Payload : never;

/** "Engineer at Acme" for actions about a job, when the payload carries the UI's title. */
export function describeJob(
  payload: { readonly jobTitle?: string; readonly companyName?: string },
  subject: string,
): string {
  if (!payload.jobTitle) return subject;
  return payload.companyName ? `${payload.jobTitle} at ${payload.companyName}` : payload.jobTitle;
}
