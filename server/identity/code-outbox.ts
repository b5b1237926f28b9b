/**
 * Where the stand-in "sends" one-time codes (sign-up confirmation, resend, forgot password, MFA by
 * email or SMS): nothing leaves the machine. The last codes are kept in memory so tests and a
 * developer can read them (`GET /_dev/codes?email=`), and each one is logged once so whoever runs
 * `npm start` can finish a sign-up from the terminal. Codes are short-lived, single-use and
 * local; tokens and passwords are never logged.
 */
import type { Logger } from 'pino';
import {
  attributeValue,
  type Context,
  type Message,
  type MessageSender,
  type User,
} from './cognito-local-internals';

export interface SentCode {
  /** The email attribute of the user it was sent to (also set for SMS, to look it up). */
  readonly email: string | undefined;
  readonly username: string;
  readonly medium: 'EMAIL' | 'SMS';
  readonly destination: string;
  readonly code: string;
  readonly sentAt: string;
}

/** Enough for a busy test run; older codes are dropped first. */
const KEEP_LAST = 200;

export class CodeOutbox implements MessageSender {
  private readonly sent: SentCode[] = [];

  constructor(private readonly logger: Logger) {}

  sendEmail(_ctx: Context, user: User, destination: string, message: Message): Promise<void> {
    this.record(user, 'EMAIL', destination, message);
    return Promise.resolve();
  }

  sendSms(_ctx: Context, user: User, destination: string, message: Message): Promise<void> {
    this.record(user, 'SMS', destination, message);
    return Promise.resolve();
  }

  /** Newest first; only the codes sent to this email when one is given. */
  list(email?: string): readonly SentCode[] {
    return email === undefined ? [...this.sent] : this.sent.filter((c) => c.email === email);
  }

  private record(user: User, medium: SentCode['medium'], destination: string, message: Message) {
    // cognito-local puts the bare code in `__code`; the templated text is for the console.
    const code = message.__code;
    if (!code) return;
    const entry: SentCode = {
      email: attributeValue('email', user.Attributes),
      username: user.Username,
      medium,
      destination,
      code,
      sentAt: new Date().toISOString(),
    };
    this.sent.unshift(entry);
    this.sent.length = Math.min(this.sent.length, KEEP_LAST);
    this.logger.info(
      { destination, code },
      `One-time code for ${destination}: ${code} (also at GET /_dev/codes?email=)`,
    );
  }
}
