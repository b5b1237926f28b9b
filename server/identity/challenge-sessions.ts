/**
 * The `Session` of a sign-in that is waiting for the user's next answer (spec §4 sign-in steps
 * the stand-in answers itself, `sign-in-steps.ts`). Cognito's Session is an opaque token tied to
 * one user, one app client and one pending challenge, valid for the pool's authentication
 * session (3 minutes by default); a wrong code may be retried a few times on the same session.
 * Kept in memory like the SRP state: a restart of the stand-in ends pending sign-ins.
 */
import { randomUUID } from 'node:crypto';
import { NotAuthorizedError } from './cognito-local-internals';

/** Cognito's default AuthSessionValidity. */
const SESSION_TTL_MS = 3 * 60_000;
/** Bounds memory if a client starts sign-ins it never finishes. */
const MAX_SESSIONS = 1000;
/** Wrong codes one session takes before it is closed (Cognito allows a handful). */
export const MAX_WRONG_ANSWERS = 5;

export type MfaMethod = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP';

export type PendingStep =
  | { kind: 'SELECT_MFA_TYPE'; methods: readonly MfaMethod[] }
  | { kind: 'SOFTWARE_TOKEN_MFA' }
  /** `setUpFor`: the address being set up as the email MFA method (MFA_SETUP with EMAIL). */
  | { kind: 'EMAIL_OTP'; code: string; setUpFor?: string }
  | { kind: 'MFA_SETUP'; canSetUp: readonly MfaMethod[]; secret?: string; verified?: boolean }
  | { kind: 'CUSTOM_CHALLENGE'; attemptsLeft: number }
  | { kind: 'SELECT_CHALLENGE'; available: readonly string[] }
  /** A passkey sign-in: the challenge the assertion must sign (passkeys.ts). */
  | { kind: 'WEB_AUTHN'; challenge: string };

export interface PendingSignIn {
  readonly step: PendingStep;
  readonly clientId: string;
  readonly username: string;
  wrongAnswers: number;
  readonly expiresAt: number;
}

const EXPIRED = 'Invalid session for the user, session is expired.';

export class ChallengeSessions {
  private readonly pending = new Map<string, PendingSignIn>();

  open(clientId: string, username: string, step: PendingStep): string {
    const now = Date.now();
    for (const [id, entry] of this.pending) if (entry.expiresAt < now) this.pending.delete(id);
    if (this.pending.size >= MAX_SESSIONS) this.pending.delete(this.pending.keys().next().value!);
    const session = randomUUID();
    this.pending.set(session, {
      step,
      clientId,
      username,
      wrongAnswers: 0,
      expiresAt: now + SESSION_TTL_MS,
    });
    return session;
  }

  has(session: string | undefined): boolean {
    return session !== undefined && this.pending.has(session);
  }

  /** The live sign-in behind `session`, for this client; NotAuthorized when there is none. */
  get(session: string | undefined, clientId: string | undefined): PendingSignIn {
    const entry = session === undefined ? undefined : this.pending.get(session);
    if (!entry || entry.expiresAt < Date.now() || (clientId && entry.clientId !== clientId)) {
      if (session !== undefined) this.pending.delete(session);
      throw new NotAuthorizedError(EXPIRED);
    }
    return entry;
  }

  close(session: string) {
    this.pending.delete(session);
  }

  /** Counts a wrong answer; the session ends after MAX_WRONG_ANSWERS. */
  wrongAnswer(session: string) {
    const entry = this.pending.get(session);
    if (!entry) return;
    entry.wrongAnswers += 1;
    if (entry.wrongAnswers >= MAX_WRONG_ANSWERS) this.pending.delete(session);
  }
}
